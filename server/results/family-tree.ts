import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
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
const visible = (row: { privacy: string | null; is_hidden: boolean | null; deleted_at: Date | null }) =>
  row.privacy !== null && row.privacy !== 'private' && !row.is_hidden && !row.deleted_at;

/** The columns of a relative (alias `p`) that treeMember reads. */
const RELATIVE_COLUMNS = ['p.name as petName', 'p.handle', 'p.privacy', 'p.is_hidden', 'p.deleted_at', 'p.profile_image_public_id', 'p.avatar_color_index'];

interface RelativeRow {
  petName: string | null;
  handle: string | null;
  privacy: string | null;
  is_hidden: boolean | null;
  deleted_at: Date | null;
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

/** Recorded family tree links; else parents inferred from immediate family at least ~1 year older. */
export async function loadFamilyTree(db: Db, pet: Pet): Promise<FamilyTree> {
  const links = await db('family_tree_links as l')
    .leftJoin('pets as p', 'p.pet_num', 'l.relative_pet_num')
    .leftJoin('breeds as b', 'b.id', 'l.breed_id')
    .where('l.pet_num', pet.petNum)
    .orderBy('l.path')
    .select('l.path', 'l.name', 'b.name as breedName', ...RELATIVE_COLUMNS);
  if (links.length > 0) {
    const members: TreeMember[] = links.map((row) => treeMember(row.path, row.name ?? null, row, row.breedName ?? null));
    const at = (depth: number) => members.filter((m) => m.path.length === depth);
    return { source: 'recorded', parents: at(1), grandParents: at(2), greatGrandParents: at(3) };
  }
  const parents = await inferredParents(db, pet);
  return { source: parents.length > 0 ? 'inferred' : 'none', parents, grandParents: [], greatGrandParents: [] };
}

async function inferredParents(db: Db, pet: Pet): Promise<TreeMember[]> {
  if (!pet.dateOfBirth) return [];
  const rows = await db('relatives as r')
    .join('pets as p', 'p.pet_num', db.raw('case when r.pet_num_a = ? then r.pet_num_b else r.pet_num_a end', [pet.petNum]))
    .leftJoin('breed_mix_summaries as s', 's.pet_num', 'p.pet_num')
    .where((q) => q.where('r.pet_num_a', pet.petNum).orWhere('r.pet_num_b', pet.petNum))
    .andWhere('r.category', 'immediate_family')
    .whereNotNull('p.date_of_birth')
    .andWhere('p.date_of_birth', '<=', db.raw(`?::date - interval '${PARENT_MIN_AGE_GAP_DAYS} days'`, [pet.dateOfBirth]))
    .orderBy('r.kinship', 'desc')
    .select('p.sex', 's.breed_mix_name as breedName', ...RELATIVE_COLUMNS);
  return inferredFrom(rows);
}

/** The closest older immediate-family male and female (rows by kinship, closest first) as sire and dam. */
function inferredFrom(rows: (RelativeRow & { sex: string | null; breedName: string | null })[]): TreeMember[] {
  const parents: TreeMember[] = [];
  for (const sex of ['m', 'f'] as const) {
    const row = rows.find((r) => r.sex?.trim() === sex);
    if (row) parents.push(treeMember(sex === 'm' ? 'S' : 'D', null, row, row.breedName ?? null));
  }
  return parents;
}

// Lineages live in haplotypes.ts; the GraphQL context still imports their loader from here.
export { loadHaplotypes, loadHaplotypesForPets, type Haplotype, type Haplotypes } from './haplotypes.js';

/** loadFamilyTree for many dogs in at most two queries (for the GraphQL DataLoader); same rules. */
export async function loadFamilyTrees(db: Db, pets: readonly Pet[]): Promise<Map<number, FamilyTree>> {
  const trees = new Map<number, FamilyTree>();
  if (pets.length === 0) return trees;
  const links = await db('family_tree_links as l')
    .leftJoin('pets as p', 'p.pet_num', 'l.relative_pet_num')
    .leftJoin('breeds as b', 'b.id', 'l.breed_id')
    .whereIn('l.pet_num', pets.map((pet) => pet.petNum))
    .orderBy('l.pet_num')
    .orderBy('l.path')
    .select('l.pet_num as subject', 'l.path', 'l.name', 'b.name as breedName', ...RELATIVE_COLUMNS);
  for (const pet of pets) {
    const members: TreeMember[] = links.filter((row) => row.subject === pet.petNum).map((row) => treeMember(row.path, row.name ?? null, row, row.breedName ?? null));
    if (members.length > 0) {
      const at = (depth: number) => members.filter((m) => m.path.length === depth);
      trees.set(pet.petNum, { source: 'recorded', parents: at(1), grandParents: at(2), greatGrandParents: at(3) });
    }
  }
  const toInfer = pets.filter((pet) => !trees.has(pet.petNum) && pet.dateOfBirth);
  const candidates = toInfer.length
    ? await db('relatives as r')
        .join('pets as s', (j) => j.on('s.pet_num', 'r.pet_num_a').orOn('s.pet_num', 'r.pet_num_b'))
        .join('pets as p', 'p.pet_num', db.raw('case when r.pet_num_a = s.pet_num then r.pet_num_b else r.pet_num_a end'))
        .leftJoin('breed_mix_summaries as m', 'm.pet_num', 'p.pet_num')
        .whereIn('s.pet_num', toInfer.map((pet) => pet.petNum))
        .andWhere('r.category', 'immediate_family')
        .whereNotNull('p.date_of_birth')
        .whereNotNull('s.date_of_birth')
        .andWhere('p.date_of_birth', '<=', db.raw(`s.date_of_birth - interval '${PARENT_MIN_AGE_GAP_DAYS} days'`))
        .orderBy('s.pet_num')
        .orderBy('r.kinship', 'desc')
        .select('s.pet_num as subject', 'p.sex', 'm.breed_mix_name as breedName', ...RELATIVE_COLUMNS)
    : [];
  for (const pet of pets) {
    if (trees.has(pet.petNum)) continue;
    const parents = inferredFrom(candidates.filter((row) => row.subject === pet.petNum));
    trees.set(pet.petNum, { source: parents.length > 0 ? 'inferred' : 'none', parents, grandParents: [], greatGrandParents: [] });
  }
  return trees;
}
