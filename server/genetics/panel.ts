import { alignAlleles } from './alleles.js';
import { CHROMOSOME_LENGTH_BP, SIMULATED_CHROMOSOMES, X_CHROMOSOME, centimorgans, chromosomeLabel } from './chromosomes.js';
import { HEALTH_CONDITIONS } from './catalogue/health-conditions.js';
import { LINEAGE_TREES, lineageNodes, parseMutation } from './catalogue/lineages.js';
import { TRAIT_LOCI, markedAlleles } from './catalogue/traits.js';
import { createRandom } from './prng.js';

/** snp: a genome-wide SNP; health / trait: a named variant; lineage: a haploid Y or mitochondrial marker of the lineage trees. */
export type MarkerKind = 'snp' | 'health' | 'trait' | 'lineage';

export interface Marker {
  id: string;
  chromosome: number;
  position: number;
  /** Allele counted as 0 copies. */
  ref: string;
  /** Allele whose copies a genotype counts (0, 1 or 2). */
  alt: string;
  kind: MarkerKind;
  /** Health condition id (kind 'health'), trait locus id (kind 'trait') or the lineage branch it defines (kind 'lineage'). */
  variantOf?: string;
  /** For trait markers: the allele symbol the alt allele stands for, e.g. "e" at the E locus. */
  allele?: string;
}

export interface ChromosomeRange {
  chromosome: number;
  start: number;
  end: number;
}

/** Markers sorted by chromosome then position, with the lookups every computation needs. */
export interface MarkerPanel {
  markers: readonly Marker[];
  chromosomes: Uint8Array;
  positions: Uint32Array;
  centimorgans: Float64Array;
  ranges: readonly ChromosomeRange[];
  /** Indices of the autosomal SNPs (the ones ancestry, relatedness and COI use). */
  autosomalSnps: Uint32Array;
  indexById: ReadonlyMap<string, number>;
  indexByLocation: LocationIndex;
}

/** Finds a marker by chromosome and position; `get`/`has` take a locationKey. */
export interface LocationIndex {
  at(chromosome: number, position: number): number | undefined;
  get(key: string): number | undefined;
  has(key: string): boolean;
}

/**
 * A binary search in the panel's sorted chromosomes and positions: nothing to build, so a 230k-marker
 * export is read without making a map of 230k keys. Of two markers at one position, the last is found.
 */
export function sortedLocationIndex(chromosomes: Uint8Array, positions: Uint32Array, ranges: readonly ChromosomeRange[]): LocationIndex {
  const rangeOf = new Map(ranges.map((range) => [range.chromosome, range]));
  const at = (chromosome: number, position: number): number | undefined => {
    const range = rangeOf.get(chromosome);
    if (!range) return undefined;
    let lo = range.start;
    let hi = range.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (positions[mid] <= position) lo = mid + 1;
      else hi = mid;
    }
    return lo > range.start && positions[lo - 1] === position && chromosomes[lo - 1] === chromosome ? lo - 1 : undefined;
  };
  const parse = (key: string): [number, number] => {
    const colon = key.indexOf(':');
    return [Number(key.slice(0, colon)), Number(key.slice(colon + 1))];
  };
  return {
    at,
    get: (key) => at(...parse(key)),
    has: (key) => at(...parse(key)) !== undefined,
  };
}

/** A map built on first use. */
export class LazyMap<K, V> implements ReadonlyMap<K, V> {
  #map: Map<K, V> | undefined;
  constructor(private readonly build: () => Map<K, V>) {}
  get #built(): Map<K, V> {
    return (this.#map ??= this.build());
  }
  get size() {
    return this.#built.size;
  }
  get(key: K) {
    return this.#built.get(key);
  }
  has(key: K) {
    return this.#built.has(key);
  }
  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown) {
    this.#built.forEach((value, key) => callback.call(thisArg, value, key, this));
  }
  entries() {
    return this.#built.entries();
  }
  keys() {
    return this.#built.keys();
  }
  values() {
    return this.#built.values();
  }
  [Symbol.iterator]() {
    return this.#built[Symbol.iterator]();
  }
}

/** Marker ids to indices; an id given twice is refused. */
export function indexMarkersById(markers: readonly Marker[]): Map<string, number> {
  const map = new Map<string, number>();
  markers.forEach((m, i) => {
    if (map.has(m.id)) throw new Error(`Duplicate marker id ${m.id}`);
    map.set(m.id, i);
  });
  return map;
}

export const locationKey = (chromosome: number, position: number): string => `${chromosome}:${position}`;
export const snpMarkerId = (chromosome: number, position: number): string => `chr${chromosome}_${position}`;

export function createMarkerPanel(markers: readonly Marker[]): MarkerPanel {
  const sorted = [...markers].sort((a, b) => a.chromosome - b.chromosome || a.position - b.position);
  const n = sorted.length;
  const chromosomes = new Uint8Array(n);
  const positions = new Uint32Array(n);
  const cm = new Float64Array(n);
  const ranges: ChromosomeRange[] = [];
  const autosomal: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = sorted[i];
    chromosomes[i] = m.chromosome;
    positions[i] = m.position;
    cm[i] = centimorgans(m.chromosome, m.position);
    const last = ranges[ranges.length - 1];
    if (!last || last.chromosome !== m.chromosome) ranges.push({ chromosome: m.chromosome, start: i, end: i + 1 });
    else last.end = i + 1;
    if (m.kind === 'snp' && m.chromosome >= 1 && m.chromosome < X_CHROMOSOME) autosomal.push(i);
  }
  return {
    markers: sorted,
    chromosomes,
    positions,
    centimorgans: cm,
    ranges,
    autosomalSnps: Uint32Array.from(autosomal),
    indexById: new LazyMap(() => indexMarkersById(sorted)),
    indexByLocation: sortedLocationIndex(chromosomes, positions, ranges),
  };
}

const BASES = ['A', 'C', 'G', 'T'];

/** The named variant markers: one per health condition and one per marked trait allele. */
export function variantMarkers(): Marker[] {
  const markers: Marker[] = HEALTH_CONDITIONS.map((c, i) => ({
    id: c.id,
    chromosome: c.chromosome,
    position: c.positionBp + 1 + (i % 7),
    ref: BASES[i % 4],
    alt: BASES[(i + 2) % 4],
    kind: 'health' as const,
    variantOf: c.id,
  }));
  for (const locus of TRAIT_LOCI) {
    markedAlleles(locus).forEach((allele, k) => {
      markers.push({
        id: `${locus.id}_${allele}`,
        chromosome: locus.chromosome,
        position: locus.positionBp + 11 * (k + 1),
        ref: BASES[k % 4],
        alt: BASES[(k + 1) % 4],
        kind: 'trait',
        variantOf: locus.id,
        allele,
      });
    });
  }
  return markers;
}

/**
 * The Y and mitochondrial markers of the lineage trees: ref is the ancestral base, alt the derived
 * one, so a dog on the branch reads 2 copies (haploid markers are typed as homozygous calls).
 */
export function lineageMarkers(): Marker[] {
  return LINEAGE_TREES.flatMap((tree) =>
    lineageNodes(tree).flatMap(({ node }) =>
      node.mutations.map((text) => {
        const { position, ancestral, derived } = parseMutation(text);
        return {
          id: `chr${chromosomeLabel(tree.chromosome)}_${position}`,
          chromosome: tree.chromosome,
          position,
          ref: ancestral,
          alt: derived,
          kind: 'lineage' as const,
          variantOf: node.name,
        };
      }),
    ),
  );
}

export interface SimulatedPanelOptions {
  /** Number of SNPs spread over the 38 autosomes and X by length. */
  snpCount?: number;
  seed?: number;
}

export const DEFAULT_SNP_COUNT = 8000;

/** Our demo array: evenly spread SNPs with jittered CanFam3.1 positions, plus the named variants and the Y and mitochondrial lineage markers. */
export function buildSimulatedPanel(options: SimulatedPanelOptions = {}): MarkerPanel {
  const snpCount = options.snpCount ?? DEFAULT_SNP_COUNT;
  const random = createRandom(options.seed ?? 20240601);
  const variants = variantMarkers();
  const taken = new Set(variants.map((m) => locationKey(m.chromosome, m.position)));
  const totalBp = SIMULATED_CHROMOSOMES.reduce((s, c) => s + CHROMOSOME_LENGTH_BP[c], 0);
  const markers: Marker[] = [...variants];
  for (const chromosome of SIMULATED_CHROMOSOMES) {
    const length = CHROMOSOME_LENGTH_BP[chromosome];
    const count = Math.max(2, Math.round((snpCount * length) / totalBp));
    const spacing = length / count;
    for (let i = 0; i < count; i++) {
      let position = Math.floor((i + 0.1 + 0.8 * random.next()) * spacing) + 1;
      while (taken.has(locationKey(chromosome, position))) position++;
      taken.add(locationKey(chromosome, position));
      const refIndex = random.int(4);
      markers.push({
        id: snpMarkerId(chromosome, position),
        chromosome,
        position,
        ref: BASES[refIndex],
        alt: BASES[(refIndex + 1 + random.int(3)) % 4],
        kind: 'snp',
      });
    }
  }
  // after the SNPs: the lineage markers sit on chromosomes 40 and 42, at the end of the panel
  markers.push(...lineageMarkers());
  return createMarkerPanel(markers);
}

export interface PanelIntersection {
  /** Index in panel A of each shared marker. */
  indexA: Uint32Array;
  /** Index in panel B of the same marker. */
  indexB: Uint32Array;
  /** 1 where panel B counts the other allele, so its genotype must be read as 2 - g. */
  flipped: Uint8Array;
}

/**
 * Markers two panels share, matched by chromosome and position (arrays name their probes
 * differently) and aligned by base, strand flips included (see alignAlleles); positions whose
 * alleles cannot be aligned are left out.
 */
export function intersectPanels(a: MarkerPanel, b: MarkerPanel): PanelIntersection {
  const ia: number[] = [];
  const ib: number[] = [];
  const flips: number[] = [];
  a.markers.forEach((m, i) => {
    const j = b.indexByLocation.at(m.chromosome, m.position);
    if (j === undefined) return;
    const other = b.markers[j];
    const alignment = alignAlleles(m.ref, m.alt, other.ref, other.alt);
    if (alignment === null) return;
    flips.push(alignment === 'swapped' ? 1 : 0);
    ia.push(i);
    ib.push(j);
  });
  return { indexA: Uint32Array.from(ia), indexB: Uint32Array.from(ib), flipped: Uint8Array.from(flips) };
}
