import type { Db } from '../db/index.js';
import { BREED_MIX_RULES } from '../genetics/compute/breed-mix.js';
import type { Pet } from '../pets/queries.js';
import type { DisplayBreed } from './breed-mix-rules.js';

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
const SIMILAR_PETS = 4;

/** Dogs members may see: public or members-only profiles, not hidden or deleted. */
function memberVisiblePets(db: Db) {
  return db('pets').whereIn('pets.privacy', ['public', 'public-private']).where('pets.is_hidden', false).whereNull('pets.deleted_at');
}

const link = (row: { name: string; handle: string; pct: string | number }): DogLink => ({
  name: row.name,
  href: `/dog/${encodeURIComponent(row.handle)}`,
  displayBreedPercent: `${Number(row.pct).toFixed(1)}%`,
});

export async function loadBreedInfo(db: Db, pet: Pet, breeds: readonly DisplayBreed[]): Promise<BreedInfo[]> {
  const ids = breeds.map((b) => b.breedId).filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const purebredPct = BREED_MIX_RULES.purebredAtLeast * 100;
  const [catalogue, counts, dogs] = await Promise.all([
    db('breeds').whereIn('id', ids).select('id', 'description', 'breed_group', 'size_class', 'weight_min_lbs', 'weight_max_lbs'),
    db('breed_mix_rows')
      .whereIn('breed_id', ids)
      .where('is_trace', false)
      .groupBy('breed_id')
      .select('breed_id', db.raw('count(*)::int as tested'), db.raw('count(*) filter (where pct >= ?)::int as purebred', [purebredPct])),
    Promise.all(
      ids.map((id) =>
        memberVisiblePets(db)
          .join('breed_mix_rows as r', 'r.pet_num', 'pets.pet_num')
          .where('r.breed_id', id)
          .whereNot('pets.pet_num', pet.petNum)
          .orderBy('r.pct', 'desc')
          .orderBy('pets.pet_num')
          .limit(DOGS_PER_BREED)
          .select('pets.name', 'pets.handle', 'r.pct'),
      ),
    ),
  ]);
  return ids.map((id, index) => {
    const breed = catalogue.find((row) => row.id === id);
    const count = counts.find((row) => row.breed_id === id);
    const min = breed?.weight_min_lbs == null ? null : Math.round(Number(breed.weight_min_lbs));
    const max = breed?.weight_max_lbs == null ? null : Math.round(Number(breed.weight_max_lbs));
    return {
      breedId: id,
      breedName: breeds.find((b) => b.breedId === id)!.breedName,
      description: breed?.description || describeBreed(breeds.find((b) => b.breedId === id)!.breedName, breed?.breed_group ?? null, breed?.size_class ?? null),
      breedGroup: breed?.breed_group ?? null,
      sizeClass: breed?.size_class ?? null,
      weightRange: min !== null && max !== null ? `${min}–${max} lbs` : null,
      testedDogCount: count?.tested ?? 0,
      purebredCount: count?.purebred ?? 0,
      dogs: dogs[index].map(link),
    };
  });
}

/** Other member-visible dogs whose largest breed is this dog's largest breed. */
export async function loadSimilarPets(db: Db, pet: Pet, topBreedId: number | null): Promise<DogLink[]> {
  if (topBreedId === null) return [];
  const rows = await memberVisiblePets(db)
    .join('breed_mix_rows as r', 'r.pet_num', 'pets.pet_num')
    .where({ 'r.breed_id': topBreedId, 'r.rank': 1, 'pets.privacy': 'public' })
    .whereNot('pets.pet_num', pet.petNum)
    .orderBy('r.pct', 'desc')
    .orderBy('pets.pet_num')
    .limit(SIMILAR_PETS)
    .select('pets.name', 'pets.handle', 'r.pct');
  return rows.map(link);
}

/** loadSimilarPets for many dogs in one query (for the GraphQL DataLoader); same rules. */
export async function loadSimilarPetsForPets(db: Db, keys: readonly { petNum: number; topBreedId: number | null }[]): Promise<Map<number, DogLink[]>> {
  const result = new Map<number, DogLink[]>(keys.map((key) => [key.petNum, []]));
  const breedIds = [...new Set(keys.map((key) => key.topBreedId).filter((id): id is number => id !== null))];
  if (breedIds.length === 0) return result;
  // Enough candidates per breed that every asking dog still gets its four after leaving itself out.
  const perBreed = SIMILAR_PETS + keys.length;
  const ranked = memberVisiblePets(db)
    .join('breed_mix_rows as r', 'r.pet_num', 'pets.pet_num')
    .whereIn('r.breed_id', breedIds)
    .where({ 'r.rank': 1, 'pets.privacy': 'public' })
    .select('r.breed_id', 'pets.pet_num', 'pets.name', 'pets.handle', 'r.pct', db.raw('row_number() over (partition by r.breed_id order by r.pct desc, pets.pet_num) as n'));
  const rows = await db.from(ranked.as('ranked')).where('n', '<=', perBreed).orderBy('breed_id').orderBy('n').select('breed_id', 'pet_num', 'name', 'handle', 'pct');
  for (const key of keys) {
    if (key.topBreedId === null) continue;
    result.set(
      key.petNum,
      rows
        .filter((row) => row.breed_id === key.topBreedId && row.pet_num !== key.petNum)
        .slice(0, SIMILAR_PETS)
        .map(link),
    );
  }
  return result;
}
