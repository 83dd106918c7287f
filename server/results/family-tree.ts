import type { Db } from '../db/index.js';
import type { JsonRow } from '../db/read-together.js';
import { byPet, petNumIn, type PetRead, readPets } from '../pets/reads.js';
import { profileImageUrl } from '../pets/images.js';
import { dogAvatar, type DogAvatar } from '../shared/dog-avatar.js';

export interface TreeMember {
  path: string;
  role: string;
  name: string;
  /** Link to the public profile, only for dogs whose privacy lets members see them. */
  href: string | null;
  breedName: string | null;
  /** Its picture when its privacy lets members see it, else its initial (issue 12 §7). */
  avatar: DogAvatar;
}

export interface FamilyTree {
  source: 'recorded' | 'inferred' | 'none';
  parents: TreeMember[];
  grandParents: TreeMember[];
  greatGrandParents: TreeMember[];
}

/** 'DS' is the dam's sire: read the path from the dog outwards. */
export function pathRole(path: string): string {
  const words = [...path].map((step) => (step === 'S' ? 'sire' : 'dam'));
  const [first, ...rest] = words;
  const head = first === 'sire' ? 'Sire' : 'Dam';
  return rest.length === 0 ? head : `${head}'s ${rest.join("'s ")}`;
}

/** Relatives may be shown by name to members unless private or hidden. */
const visible = (row: { privacy: string | null; is_hidden: boolean | null; deleted_at: Date | string | null }) =>
  row.privacy !== null && row.privacy !== 'private' && !row.is_hidden && !row.deleted_at;

/** The columns of a relative (alias `p`) that treeMember reads. */
const RELATIVE_COLUMNS = ['p.name as petName', 'p.handle', 'p.privacy', 'p.is_hidden', 'p.deleted_at', 'p.profile_image_public_id', 'p.avatar_color_index'];

interface RelativeRow {
  petName: string | null;
  handle: string | null;
  privacy: string | null;
  is_hidden: boolean | null;
  deleted_at: Date | string | null;
  profile_image_public_id: string | null;
  avatar_color_index: number | null;
}

/** One dog of the tree: named, linked and pictured only when its privacy lets members see it. */
function treeMember(path: string, recordedName: string | null, row: RelativeRow, breedName: string | null): TreeMember {
  const shown = Boolean(row.handle) && visible(row);
  const name = recordedName ?? (shown && row.petName ? row.petName : 'A tested relative');
  return {
    path,
    role: pathRole(path),
    name,
    href: shown ? `/dog/${encodeURIComponent(row.handle!)}` : null,
    breedName,
    avatar: shown ? dogAvatar(name, profileImageUrl({ profileImagePublicId: row.profile_image_public_id }), row.avatar_color_index) : dogAvatar(recordedName ?? '?', null),
  };
}

// An immediate-family relative this much older is taken for a parent (spec: parents, grandparents, …).
const PARENT_MIN_AGE_GAP_DAYS = 330;

/** The closest older immediate-family male and female (rows by kinship, closest first) as sire and dam. */
function inferredFrom(rows: (RelativeRow & { sex: string | null; breedName: string | null })[]): TreeMember[] {
  const parents: TreeMember[] = [];
  for (const sex of ['m', 'f'] as const) {
    const row = rows.find((r) => r.sex?.trim() === sex);
    if (row) parents.push(treeMember(sex === 'm' ? 'S' : 'D', null, row, row.breedName ?? null));
  }
  return parents;
}

/** Each dog's recorded family tree links; else parents inferred from immediate family at least ~1 year older. */
export const FAMILY_TREE: PetRead<FamilyTree> = {
  queries: (db, petNums) => {
    // Each dog's immediate family, from either side of the pair (an index on each side).
    const family = db('relatives')
      .where(petNumIn(db, 'pet_num_a', petNums))
      .where('category', 'immediate_family')
      .select({ subject: 'pet_num_a', other: 'pet_num_b', kinship: 'kinship' })
      .unionAll((q) => q.from('relatives').where(petNumIn(db, 'pet_num_b', petNums)).where('category', 'immediate_family').select({ subject: 'pet_num_b', other: 'pet_num_a', kinship: 'kinship' }));
    return {
      links: db('family_tree_links as l')
        .leftJoin('pets as p', 'p.pet_num', 'l.relative_pet_num')
        .leftJoin('breeds as b', 'b.id', 'l.breed_id')
        .where(petNumIn(db, 'l.pet_num', petNums))
        .orderBy('l.pet_num')
        .orderBy('l.path')
        .select('l.pet_num as petNum', 'l.path', 'l.name', 'b.name as breedName', ...RELATIVE_COLUMNS),
      candidates: db
        .from(family.as('r'))
        .join('pets as s', 's.pet_num', 'r.subject')
        .join('pets as p', 'p.pet_num', 'r.other')
        .leftJoin('breed_mix_summaries as m', 'm.pet_num', 'p.pet_num')
        .whereNotNull('p.date_of_birth')
        .whereNotNull('s.date_of_birth')
        .andWhere('p.date_of_birth', '<=', db.raw(`s.date_of_birth - interval '${PARENT_MIN_AGE_GAP_DAYS} days'`))
        .orderBy('r.subject')
        .orderBy('r.kinship', 'desc')
        .select('r.subject as petNum', 'p.sex', 'm.breed_mix_name as breedName', ...RELATIVE_COLUMNS),
    };
  },
  assemble({ links, candidates }, petNums) {
    const linksOf = byPet(links as ({ petNum: number } & JsonRow)[]);
    const candidatesOf = byPet(candidates as ({ petNum: number } & JsonRow)[]);
    return new Map(
      petNums.map((petNum): [number, FamilyTree] => {
        const members: TreeMember[] = (linksOf.get(petNum) ?? []).map((row) => treeMember(row.path, row.name ?? null, row as unknown as RelativeRow, row.breedName ?? null));
        if (members.length > 0) {
          const at = (depth: number) => members.filter((m) => m.path.length === depth);
          return [petNum, { source: 'recorded', parents: at(1), grandParents: at(2), greatGrandParents: at(3) }];
        }
        const parents = inferredFrom((candidatesOf.get(petNum) ?? []) as unknown as (RelativeRow & { sex: string | null; breedName: string | null })[]);
        return [petNum, { source: parents.length > 0 ? 'inferred' : 'none', parents, grandParents: [], greatGrandParents: [] }];
      }),
    );
  },
  missing: () => ({ source: 'none', parents: [], grandParents: [], greatGrandParents: [] }),
};

/** The family trees of many dogs in one statement. */
export async function loadFamilyTrees(db: Db, petNums: readonly number[]): Promise<Map<number, FamilyTree>> {
  return (await readPets(db, petNums, { trees: FAMILY_TREE })).trees;
}
