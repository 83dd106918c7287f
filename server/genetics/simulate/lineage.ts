import { MATERNAL_TREE, PATERNAL_TREE, lineageHaplotypes, lineagePath, parseMutation, type LineageTree } from '../catalogue/lineages.js';
import { NO_CALL } from '../genotype.js';
import { locationKey, type MarkerPanel } from '../panel.js';
import type { Random } from '../prng.js';
import type { Haplotypes } from './meiosis.js';

/** A population's lineage pool: haplotype names and how often its founders carry each. */
export interface LineagePool {
  names: string[];
  weights: number[];
}

export interface BreedLineages {
  maternal: LineagePool;
  paternal: LineagePool;
}

/**
 * A breed's founders carry a few haplotypes of each lineage, drawn by their world-wide weights and
 * then given uneven breed shares (closed breeds keep a handful of lines, one often dominant).
 * Wolves keep the old, rarer branches more often than dogs do.
 */
export function breedLineages(random: Random, isWolf: boolean): BreedLineages {
  const pool = (tree: LineageTree, count: number): LineagePool => {
    const haplotypes = lineageHaplotypes(tree);
    const weights = haplotypes.map((h) => (isWolf ? (h.name.startsWith('A1') || h.name.startsWith('H1') ? 0.3 : 3) : h.weight));
    const names: string[] = [];
    const shares: number[] = [];
    for (let k = 0; k < count; k++) {
      const name = haplotypes[random.pickWeighted(weights)].name;
      const share = 0.2 + random.next();
      const at = names.indexOf(name);
      if (at >= 0) shares[at] += share;
      else {
        names.push(name);
        shares.push(share);
      }
    }
    return { names, weights: shares };
  };
  return { maternal: pool(MATERNAL_TREE, 2 + random.int(3)), paternal: pool(PATERNAL_TREE, 1 + random.int(3)) };
}

/** The panel indices of a tree's markers, and for each haplotype the ones that read derived on it. */
interface TreeIndex {
  indices: number[];
  derived: Map<string, Set<number>>;
}

const indexes = new WeakMap<MarkerPanel, Map<LineageTree, TreeIndex>>();

function treeIndex(panel: MarkerPanel, tree: LineageTree): TreeIndex {
  let byTree = indexes.get(panel);
  if (!byTree) indexes.set(panel, (byTree = new Map()));
  let index = byTree.get(tree);
  if (!index) {
    const indices: number[] = [];
    panel.markers.forEach((m, j) => {
      if (m.chromosome === tree.chromosome) indices.push(j);
    });
    index = { indices, derived: new Map() };
    byTree.set(tree, index);
  }
  return index;
}

function derivedIndices(panel: MarkerPanel, tree: LineageTree, haplotype: string): Set<number> {
  const index = treeIndex(panel, tree);
  let derived = index.derived.get(haplotype);
  if (!derived) {
    const path = lineagePath(tree, haplotype);
    if (!path) throw new Error(`Unknown ${tree.lineage} haplotype ${haplotype}`);
    derived = new Set();
    for (const node of path) {
      for (const text of node.mutations) {
        const { position } = parseMutation(text);
        const j = panel.indexByLocation.get(locationKey(tree.chromosome, position));
        if (j !== undefined && panel.markers[j].kind === 'lineage') derived.add(j);
      }
    }
    index.derived.set(haplotype, derived);
  }
  return derived;
}

/**
 * Writes a dog's lineages into its haplotype pair. Haploid markers are read as homozygous, so both
 * slots carry the same allele. A female has no Y: her Y markers hold NO_CALL in the maternal slot and
 * 0 in the paternal one, which callsOf (maternal + paternal) reads as a no-call.
 */
export function writeLineages(dog: Haplotypes, panel: MarkerPanel, mtHaplotype: string, yHaplotype: string | null): void {
  const write = (tree: LineageTree, haplotype: string | null) => {
    const { indices } = treeIndex(panel, tree);
    const derived = haplotype === null ? null : derivedIndices(panel, tree, haplotype);
    for (const j of indices) {
      if (derived === null) {
        dog.maternal[j] = NO_CALL;
        dog.paternal[j] = 0;
      } else {
        const allele = derived.has(j) ? 1 : 0;
        dog.maternal[j] = allele;
        dog.paternal[j] = allele;
      }
    }
  };
  write(MATERNAL_TREE, mtHaplotype);
  write(PATERNAL_TREE, yHaplotype);
}
