import type { Db } from '../db/index.js';
import { BREED_MIX_RULES } from '../genetics/compute/breed-mix.js';
import type { JsonRow } from '../db/read-together.js';
import { byPet, petNumIn, type PetRead } from '../pets/reads.js';

export interface DogLink {
  name: string;
  href: string;
  displayBreedPercent: string;
}

/** The breed info tabs of one breed: description, dogs of that breed, stats (spec 2 §2). */
export interface BreedInfo {
  breedId: number;
  breedName: string;
  description: string | null;
  breedGroup: string | null;
  sizeClass: string | null;
  weightRange: string | null;
  testedDogCount: number;
  purebredCount: number;
  dogs: DogLink[];
}

const DOGS_PER_BREED = 4;

/** The catalogue has few written descriptions; a plain one from its facts stands in. */
export function describeBreed(name: string, group: string | null, sizeClass: string | null): string | null {
  if (!group && !sizeClass) return null;
  const size = sizeClass ? `a ${sizeClass.toLowerCase()} breed` : 'a breed';
  return `The ${name} is ${size}${group ? ` of the ${group} group` : ''}.`;
}
const SIMILAR_PET_COUNT = 4;

/** Dogs members may see: public or members-only profiles, not hidden or deleted. */
function memberVisiblePets(db: Db) {
  return db('pets').whereIn('pets.privacy', ['public', 'public-private']).where('pets.is_hidden', false).whereNull('pets.deleted_at');
}

type DogRow = { name: string; handle: string; pct: string | number };

const link = (row: DogRow): DogLink => ({
  name: row.name,
  href: `/dog/${encodeURIComponent(row.handle)}`,
  displayBreedPercent: `${Number(row.pct).toFixed(1)}%`,
});

/** A dog's breeds of its mix, trace breeds left out, each joined with `lateral` to what is shown of it. */
const mainBreedsOf = (db: Db, petNums: readonly number[]) => db('breed_mix_rows as m').where(petNumIn(db, 'm.pet_num', petNums)).where('m.is_trace', false);

/** Up to `limit` other member-visible dogs with the breed `m.breed_id`, largest share first (for a lateral join). */
const dogsOfBreed = (db: Db, limit: number, only: { publicOnly: boolean; largestBreed: boolean }) => {
  const dogs = memberVisiblePets(db)
    .join('breed_mix_rows as r', 'r.pet_num', 'pets.pet_num')
    .whereRaw('r.breed_id = m.breed_id')
    .whereRaw('pets.pet_num <> m.pet_num')
    .orderBy('r.pct', 'desc')
    .orderBy('pets.pet_num')
    .limit(limit)
    .select('pets.pet_num as dogNum', 'pets.name', 'pets.handle', 'r.pct');
  if (only.publicOnly) dogs.where('pets.privacy', 'public');
  if (only.largestBreed) dogs.where('r.rank', 1);
  return dogs;
};

/** The breed info tabs of each breed of each dog's mix (spec 2 §2), in the mix's order. */
export const BREED_INFO: PetRead<BreedInfo[]> = {
  queries: (db, petNums) => ({
    breeds: mainBreedsOf(db, petNums)
      .join('breeds as b', 'b.id', 'm.breed_id')
      .orderBy('m.pet_num')
      .orderBy('m.rank')
      .select('m.pet_num as petNum', 'b.id', 'b.name', 'b.description', 'b.breed_group', 'b.size_class', 'b.weight_min_lbs', 'b.weight_max_lbs'),
    counts: db('breed_mix_rows')
      .whereIn('breed_id', mainBreedsOf(db, petNums).select('m.breed_id'))
      .where('is_trace', false)
      .groupBy('breed_id')
      .select('breed_id', db.raw('count(*)::int as tested'), db.raw('count(*) filter (where pct >= ?)::int as purebred', [BREED_MIX_RULES.purebredAtLeast * 100])),
    dogs: mainBreedsOf(db, petNums)
      .joinRaw('cross join lateral ? d', [dogsOfBreed(db, DOGS_PER_BREED, { publicOnly: false, largestBreed: false }) as never])
      .orderBy('m.pet_num')
      .orderBy('m.rank')
      .orderBy('d.pct', 'desc')
      .orderBy('d.dogNum')
      .select('m.pet_num as petNum', 'm.breed_id as breedId', 'd.name', 'd.handle', 'd.pct'),
  }),
  assemble({ breeds, counts, dogs }) {
    const countOf = new Map(counts.map((row) => [row.breed_id, row]));
    const dogsOf = byPet(dogs as ({ petNum: number } & JsonRow)[]);
    return new Map(
      [...byPet(breeds as ({ petNum: number } & JsonRow)[])].map(([petNum, rows]) => [
        petNum,
        rows.map((breed): BreedInfo => {
          const count = countOf.get(breed.id);
          const min = breed.weight_min_lbs == null ? null : Math.round(Number(breed.weight_min_lbs));
          const max = breed.weight_max_lbs == null ? null : Math.round(Number(breed.weight_max_lbs));
          return {
            breedId: breed.id,
            breedName: breed.name,
            description: breed.description || describeBreed(breed.name, breed.breed_group ?? null, breed.size_class ?? null),
            breedGroup: breed.breed_group ?? null,
            sizeClass: breed.size_class ?? null,
            weightRange: min !== null && max !== null ? `${min}–${max} lbs` : null,
            testedDogCount: count?.tested ?? 0,
            purebredCount: count?.purebred ?? 0,
            dogs: (dogsOf.get(petNum) ?? []).filter((dog) => dog.breedId === breed.id).map((dog) => link(dog as unknown as DogRow)),
          };
        }),
      ]),
    );
  },
  missing: () => [],
};

/** Other public dogs whose largest breed is each dog's largest breed. */
export const SIMILAR_PETS: PetRead<DogLink[]> = {
  queries: (db, petNums) => ({
    dogs: db
      .from(mainBreedsOf(db, petNums).distinctOn('m.pet_num').orderBy('m.pet_num').orderBy('m.rank').select('m.pet_num', 'm.breed_id').as('m'))
      .joinRaw('cross join lateral ? d', [dogsOfBreed(db, SIMILAR_PET_COUNT, { publicOnly: true, largestBreed: true }) as never])
      .orderBy('m.pet_num')
      .orderBy('d.pct', 'desc')
      .orderBy('d.dogNum')
      .select('m.pet_num as petNum', 'd.name', 'd.handle', 'd.pct'),
  }),
  assemble: ({ dogs }) => new Map([...byPet(dogs as ({ petNum: number } & JsonRow)[])].map(([petNum, rows]) => [petNum, rows.map((row) => link(row as unknown as DogRow))])),
  missing: () => [],
};
