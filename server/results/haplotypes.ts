import { byPet, petNumIn, type PetRead } from '../pets/reads.js';
import { MATERNAL_TREE, PATERNAL_TREE, lineagePath } from '../genetics/catalogue/lineages.js';
import { NOT_TESTED_TEXT } from './health-rules.js';

export type HaplotypeCall = 'called' | 'no_call' | 'not_tested';

/** A dog's maternal or paternal lineage as stored by the lab, with what the pages say of it. */
export interface Haplotype {
  lineage: 'maternal' | 'paternal';
  call: HaplotypeCall;
  /** e.g. A1e (maternal) or A1a (paternal); null unless called. */
  haplogroup: string | null;
  /** e.g. A17 (maternal) or H1a.48 (paternal); null when not called or not resolved below the haplogroup. */
  haplotype: string | null;
  /** The branches from the clade down, e.g. ['A', 'A1', 'A1e', 'A17']; empty unless called. */
  branches: string[];
  /** One line for the page and the API. */
  displayText: string;
}

export interface Haplotypes {
  maternal: Haplotype | null;
  paternal: Haplotype | null;
}

export const HAPLOTYPE_WORDS = {
  notTested: NOT_TESTED_TEXT,
  noCall: 'No call: the markers tested do not place this dog on a known branch.',
  notResolved: 'not resolved on this sample',
  pending: 'Not available for this dog yet.',
  femaleNoPaternal: 'Not available: only males carry a paternal (Y chromosome) haplotype.',
  explanation:
    'Every dog inherits its mitochondria from its mother, and a male inherits his Y chromosome from his father, each passed down almost unchanged for thousands of years. ' +
    'A haplogroup is a branch of the family tree of those lineages; a haplotype is a line within it. ' +
    'Dogs of many breeds share a haplogroup, because the lineages are far older than breeds.',
} as const;

interface Row {
  lineage: 'maternal' | 'paternal';
  call: HaplotypeCall;
  haplogroup: string | null;
  haplotype: string | null;
}

/** What a stored lineage call reads as. */
export function toHaplotype(row: Row): Haplotype {
  const tree = row.lineage === 'maternal' ? MATERNAL_TREE : PATERNAL_TREE;
  const called = row.call === 'called' && row.haplogroup !== null;
  const branches = called ? (lineagePath(tree, row.haplotype ?? row.haplogroup!) ?? []).map((node) => node.name) : [];
  const displayText = !called
    ? row.call === 'no_call'
      ? HAPLOTYPE_WORDS.noCall
      : HAPLOTYPE_WORDS.notTested
    : `${row.haplotype ?? HAPLOTYPE_WORDS.notResolved} (haplogroup ${row.haplogroup})`;
  return { lineage: row.lineage, call: called ? 'called' : row.call === 'no_call' ? 'no_call' : 'not_tested', haplogroup: called ? row.haplogroup : null, haplotype: called ? row.haplotype : null, branches, displayText };
}

function byLineage(rows: readonly Row[]): Haplotypes {
  const maternal = rows.find((r) => r.lineage === 'maternal');
  const paternal = rows.find((r) => r.lineage === 'paternal');
  return { maternal: maternal ? toHaplotype(maternal) : null, paternal: paternal ? toHaplotype(paternal) : null };
}

/** Each dog's maternal and paternal lineage as the lab stored them. */
export const HAPLOTYPES: PetRead<Haplotypes> = {
  queries: (db, petNums) => ({ rows: db('haplotypes').where(petNumIn(db, 'pet_num', petNums)).select({ petNum: 'pet_num' }, 'lineage', 'call', 'haplogroup', 'haplotype') }),
  assemble: ({ rows }) => new Map([...byPet(rows as (Row & { petNum: number })[])].map(([petNum, petRows]) => [petNum, byLineage(petRows)])),
  missing: () => ({ maternal: null, paternal: null }),
  versioned: true,
};

/** The page's line for each lineage, including why there is none. */
export function haplotypeLines(haplotypes: Haplotypes, sex: string | null): { maternal: string; paternal: string } {
  const isFemale = sex?.trim() === 'f';
  return {
    maternal: haplotypes.maternal?.displayText ?? HAPLOTYPE_WORDS.pending,
    paternal: isFemale ? HAPLOTYPE_WORDS.femaleNoPaternal : haplotypes.paternal?.displayText ?? HAPLOTYPE_WORDS.pending,
  };
}
