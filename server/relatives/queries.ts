import type { Db } from '../db/index.js';
import { byPet, petNumIn, type PetRead, readPet } from '../pets/reads.js';
import { RELATEDNESS_CATEGORIES, type RelatednessKey } from '../genetics/compute/relatedness.js';
import type { RelativePet } from '../shared/relatives-types.js';

/** The database's category names (relatives.category) and the engine's keys. */
const CATEGORY_KEYS: Record<string, RelatednessKey> = {
  same_dog: 'sameDog',
  immediate_family: 'immediateFamily',
  close_family: 'closeFamily',
  extended_family: 'extendedFamily',
  distant_relative: 'distantRelative',
};

export function relatednessCategoryFor(stored: string): RelativePet['relatednessCategory'] {
  const category = RELATEDNESS_CATEGORIES.find((c) => c.key === CATEGORY_KEYS[stored]);
  if (!category) throw new Error(`Unknown relatedness category: ${stored}`);
  return { label: category.label, color: category.color, explanation: category.explanation };
}

interface RelativeRow {
  handle: string;
  name: string;
  call_name: string | null;
  privacy: string;
  profile_image_public_id: string | null;
  category: string;
  display_relatedness: string;
  is_new: boolean;
  breed_mix_name: string | null;
  breed1_pct: string | number | null;
  breed1_name: string | null;
  nonhealth_ready_at: Date | string | null;
  is_yours: boolean;
  has_owner: boolean;
}

export interface StoredRelative extends RelativePet {
  isNew: boolean;
  /** Its profile is public: signed-out visitors may see it too. */
  isPublic: boolean;
}

/**
 * A dog's relatives, closest (highest kinship) first. Each pair is stored once (pet_num_a <
 * pet_num_b), so the dog may be either side. Hidden, deleted and private dogs are left out (the
 * list links to public profiles and offers a chat, neither of which a private dog allows), and so
 * are dogs whose own relative finder is off.
 */
export function relativesRead(viewerId: number | null): PetRead<StoredRelative[]> {
  return {
    queries: (db, petNums) => {
      const pairs = db('relatives')
        .where(petNumIn(db, 'pet_num_a', petNums))
        .select({ subject: 'pet_num_a', other: 'pet_num_b', is_new: 'is_new_for_a', kinship: 'kinship', category: 'category', display_relatedness: 'display_relatedness', found_at: 'found_at' })
        .unionAll((union) =>
          union
            .from('relatives')
            .where(petNumIn(db, 'pet_num_b', petNums))
            .select({ subject: 'pet_num_b', other: 'pet_num_a', is_new: 'is_new_for_b', kinship: 'kinship', category: 'category', display_relatedness: 'display_relatedness', found_at: 'found_at' }),
        );
      return {
        relatives: db
          .from(pairs.as('r'))
          .join('pets', 'pets.pet_num', 'r.other')
          .leftJoin('breed_mix_summaries as mix', 'mix.pet_num', 'pets.pet_num')
          .leftJoin('breed_mix_rows as top', (join) => join.on('top.pet_num', 'pets.pet_num').andOnVal('top.rank', 1))
          .leftJoin('breeds', 'breeds.id', 'top.breed_id')
          .whereNull('pets.deleted_at')
          .where('pets.is_hidden', false)
          .whereNot('pets.privacy', 'private')
          // A dog whose relative finder is off has opted out of being found as well.
          .where('pets.show_relative_finder', true)
          .orderBy([
            { column: 'r.subject', order: 'asc' },
            { column: 'r.kinship', order: 'desc' },
            { column: 'r.found_at', order: 'desc' },
            { column: 'pets.pet_num', order: 'asc' },
          ])
          .select(
            'r.subject as petNum',
            'pets.handle',
            'pets.name',
            'pets.call_name',
            'pets.privacy',
            'pets.profile_image_public_id',
            'r.category',
            'r.display_relatedness',
            'r.is_new',
            'mix.breed_mix_name',
            { breed1_pct: 'top.pct', breed1_name: 'breeds.name' },
            db('swabs').whereRaw('swabs.pet_num = pets.pet_num').max('breed_results_released_at').as('nonhealth_ready_at'),
            db.raw('exists (select 1 from pet_owners where pet_owners.pet_num = pets.pet_num and pet_owners.user_id = ?) as is_yours', [viewerId ?? 0]),
            db.raw('exists (select 1 from pet_owners where pet_owners.pet_num = pets.pet_num) as has_owner'),
          ),
      };
    },
    assemble: ({ relatives }) => new Map([...byPet(relatives as (RelativeRow & { petNum: number })[])].map(([petNum, rows]) => [petNum, rows.map(toRelative)])),
    missing: () => [],
  };
}

const toRelative = (row: RelativeRow): StoredRelative => ({
  handle: row.handle,
  displayName: row.call_name || row.name,
  breedDisplayName: row.breed_mix_name,
  breed1pct: row.breed1_pct == null ? null : Number(row.breed1_pct),
  breed1displayName: row.breed1_name,
  hasPublicImage: row.profile_image_public_id != null,
  relatednessCategory: relatednessCategoryFor(row.category),
  displayRelatedness: row.display_relatedness,
  nonhealthReadyAt: row.nonhealth_ready_at == null ? null : new Date(row.nonhealth_ready_at).toISOString(),
  isNew: row.is_new,
  isYourDog: row.is_yours,
  hasOwner: row.has_owner,
  isPublic: row.privacy === 'public',
});

export async function relativesOf(db: Db, petNum: number, viewerId: number | null): Promise<StoredRelative[]> {
  return (await readPet(db, petNum, { relatives: relativesRead(viewerId) })).relatives;
}

/** The owner has seen these relatives: they are no longer new for this dog (either side of the pair). */
export async function markRelativesSeen(db: Db, petNum: number): Promise<void> {
  await db('relatives').where({ pet_num_a: petNum, is_new_for_a: true }).update({ is_new_for_a: false });
  await db('relatives').where({ pet_num_b: petNum, is_new_for_b: true }).update({ is_new_for_b: false });
}
