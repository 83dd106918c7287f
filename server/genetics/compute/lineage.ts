import { MATERNAL_TREE, PATERNAL_TREE, parseMutation, type Lineage, type LineageNode, type LineageTree } from '../catalogue/lineages.js';
import { NO_CALL, type Calls } from '../genotype.js';
import { locationKey, type MarkerPanel } from '../panel.js';
import { LINEAGE_PARAMETERS } from './parameters.js';

/** called: placed on the tree; noCall: typed but not placed; notTested: the sample has none of the lineage's markers. */
export type LineageStatus = 'called' | 'noCall' | 'notTested';

export interface LineageCall {
  lineage: Lineage;
  status: LineageStatus;
  /** The deepest branch above haplotype level the dog's markers reach, e.g. 'A1e' (or a clade such as 'A'). */
  haplogroup: string | null;
  /** The haplotype within it, e.g. 'A17' or 'H1a.48'; null when the markers stop at the haplogroup. */
  haplotype: string | null;
  /** The lineage's markers the sample has a readable call for, of all the tree's markers. */
  markersCalled: number;
  markersInTree: number;
}

type Read = 'derived' | 'ancestral' | 'missing';

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };

/**
 * What a sample shows at one defining position: the base read from the call and the panel's alleles
 * (so it works on any array that has the position, whatever it calls its alleles). A haploid marker
 * called heterozygous is a failed call; a base on the other strand is read through its complement.
 */
function readMutation(panel: MarkerPanel, calls: Calls, chromosome: number, text: string): Read {
  const { position, ancestral, derived } = parseMutation(text);
  const index = panel.indexByLocation.get(locationKey(chromosome, position));
  if (index === undefined) return 'missing';
  const g = calls[index];
  if (g === NO_CALL || g === 1) return 'missing';
  const marker = panel.markers[index];
  const base = g === 0 ? marker.ref : marker.alt;
  if (base === derived) return 'derived';
  if (base === ancestral) return 'ancestral';
  const flipped = COMPLEMENT[base];
  // A/T and C/G changes read the same on both strands: no help there
  if (flipped && COMPLEMENT[ancestral] !== derived) {
    if (flipped === derived) return 'derived';
    if (flipped === ancestral) return 'ancestral';
  }
  return 'missing';
}

/**
 * A branch fits when none of its called markers reads ancestral, at least one reads derived, and
 * at most a couple (LINEAGE_PARAMETERS.maxMissingPerBranch) are missing.
 */
function fits(reads: readonly Read[]): boolean {
  let derived = 0;
  let missing = 0;
  for (const read of reads) {
    if (read === 'ancestral') return false;
    if (read === 'derived') derived++;
    else missing++;
  }
  return derived > 0 && missing <= LINEAGE_PARAMETERS.maxMissingPerBranch;
}

/** Places a sample on one lineage tree: down from the root while exactly one branch fits. */
export function callLineage(panel: MarkerPanel, calls: Calls, tree: LineageTree): LineageCall {
  const reads = new Map<LineageNode, Read[]>();
  let markersInTree = 0;
  let markersCalled = 0;
  const visit = (node: LineageNode) => {
    const nodeReads = node.mutations.map((text) => readMutation(panel, calls, tree.chromosome, text));
    reads.set(node, nodeReads);
    markersInTree += nodeReads.length;
    markersCalled += nodeReads.filter((read) => read !== 'missing').length;
    node.children.forEach(visit);
  };
  visit(tree.root);
  const base = { lineage: tree.lineage, markersCalled, markersInTree };
  if (markersCalled === 0) return { ...base, status: 'notTested', haplogroup: null, haplotype: null };
  const path: LineageNode[] = [];
  let at = tree.root;
  for (;;) {
    const fitting = at.children.filter((child) => fits(reads.get(child)!));
    if (fitting.length !== 1) break;
    at = fitting[0];
    path.push(at);
  }
  if (path.length === 0) return { ...base, status: 'noCall', haplogroup: null, haplotype: null };
  const last = path[path.length - 1];
  const haplotype = last.rank === 'haplotype' ? last.name : null;
  const group = haplotype ? path[path.length - 2] : last;
  return { ...base, status: 'called', haplogroup: group?.name ?? null, haplotype };
}

export interface LineageCalls {
  maternal: LineageCall;
  /** null for a female: only males carry a Y. */
  paternal: LineageCall | null;
}

/**
 * Maternal and paternal lineages of a sample. A female has no paternal lineage whatever her Y
 * markers say (Y calls in a female are the sex check's business, not a haplotype).
 */
export function callLineages(panel: MarkerPanel, calls: Calls, sex: 'm' | 'f' | null): LineageCalls {
  const paternal = sex === 'f' ? null : callLineage(panel, calls, PATERNAL_TREE);
  // sex unknown: a Y lineage only if the sample shows one
  return { maternal: callLineage(panel, calls, MATERNAL_TREE), paternal: sex === null && paternal?.status !== 'called' ? null : paternal };
}
