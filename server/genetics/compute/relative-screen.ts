import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { RELATIVE_SCREEN_PARAMETERS } from './parameters.js';

/**
 * Bit-packed genotypes of many dogs on a fixed set of screening markers: for each dog three bitsets
 * (homozygous ref, heterozygous, homozygous alt), 32 markers a word, side by side in one array.
 */
export interface RelativeIndex {
  panel: MarkerPanel;
  /** Panel indices of the screening markers (evenly spread autosomal SNPs). */
  markers: Uint32Array;
  words: number;
  ids: number[];
  /** Dog d's bitsets start at d * 3 * words: homRef, then het, then homAlt. */
  bits: Uint32Array;
  heterozygous: Uint32Array;
  called: Uint32Array;
  size: number;
}

export function createRelativeIndex(panel: MarkerPanel, capacity: number, markerCount: number = RELATIVE_SCREEN_PARAMETERS.screenMarkers): RelativeIndex {
  const snps = panel.autosomalSnps;
  const count = Math.min(markerCount, snps.length);
  const markers = Uint32Array.from({ length: count }, (_, i) => snps[Math.floor((i * snps.length) / count)]);
  const words = Math.ceil(count / 32);
  return {
    panel,
    markers,
    words,
    ids: [],
    bits: new Uint32Array(capacity * 3 * words),
    heterozygous: new Uint32Array(capacity),
    called: new Uint32Array(capacity),
    size: 0,
  };
}

/** Packs one dog's calls (panel order) into the index; grows the index when full. */
export function addToRelativeIndex(index: RelativeIndex, id: number, calls: Calls): void {
  const stride = 3 * index.words;
  if ((index.size + 1) * stride > index.bits.length) {
    const grown = new Uint32Array(Math.max(stride, index.bits.length * 2));
    grown.set(index.bits);
    index.bits = grown;
    const het = new Uint32Array(grown.length / stride);
    het.set(index.heterozygous);
    index.heterozygous = het;
    const called = new Uint32Array(grown.length / stride);
    called.set(index.called);
    index.called = called;
  }
  const d = index.size++;
  index.ids.push(id);
  const [het, called] = packInto(index, calls, index.bits, d * stride);
  index.heterozygous[d] = het;
  index.called[d] = called;
}

export function buildRelativeIndex(panel: MarkerPanel, dogs: readonly { id: number; calls: Calls }[]): RelativeIndex {
  const index = createRelativeIndex(panel, dogs.length);
  for (const dog of dogs) addToRelativeIndex(index, dog.id, dog.calls);
  return index;
}

function packInto(index: RelativeIndex, calls: Calls, out: Uint32Array, offset: number): [number, number] {
  const { words, markers } = index;
  out.fill(0, offset, offset + 3 * words);
  let het = 0;
  let called = 0;
  for (let i = 0; i < markers.length; i++) {
    const g = calls[markers[i]];
    if (g === NO_CALL) continue;
    called++;
    if (g === 1) het++;
    out[offset + g * words + (i >>> 5)] |= 1 << (i & 31);
  }
  return [het, called];
}

export interface RelativeScreenOptions {
  /** Keep dogs whose share of opposing homozygotes (one AA, the other BB) is at most this. */
  maxOpposingHomozygoteRate?: number;
  /** Keep dogs whose structure-robust kinship estimate is at least this (used when no rate is given). */
  minKinship?: number;
  /** Skip this id (the dog itself). */
  exceptId?: number;
  /** Only ids from this one on (a range of the index one worker screens). */
  fromId?: number;
  /** Only ids below this one. */
  belowId?: number;
}

export interface RelativeCandidate {
  id: number;
  opposingHomozygoteRate: number;
  /** KING-robust kinship: near 0 for unrelated dogs of one breed, below 0 across breeds, 1/4 for parents. */
  kinship: number;
}

/**
 * Dogs that may be relatives of one dog. Parents and offspring share an allele at every marker, so
 * they almost never have opposing homozygotes; the kinship estimate (KING-robust) weighs those against
 * shared heterozygotes, which keeps dogs of the same breed from all looking related.
 */
export function screenRelatives(index: RelativeIndex, calls: Calls, options: RelativeScreenOptions = {}): RelativeCandidate[] {
  const { words, bits } = index;
  const stride = 3 * words;
  const query = new Uint32Array(stride);
  const [queryHet, queryCalled] = packInto(index, calls, query, 0);
  const maxRate = options.maxOpposingHomozygoteRate;
  const minKinship = options.minKinship ?? RELATIVE_SCREEN_PARAMETERS.minKinship;
  const fromId = options.fromId ?? -Infinity;
  const belowId = options.belowId ?? Infinity;
  const out: RelativeCandidate[] = [];
  for (let d = 0; d < index.size; d++) {
    if (index.ids[d] < fromId || index.ids[d] >= belowId) continue;
    const base = d * stride;
    const called = Math.min(queryCalled, index.called[d]);
    // a dog with more opposing homozygotes than this can pass neither test: stop counting early
    const limit = maxRate !== undefined ? maxRate * called : (Math.min(queryHet, index.heterozygous[d]) - minKinship * (queryHet + index.heterozygous[d])) / 2;
    let opposing = 0;
    let sharedHet = 0;
    let w = 0;
    for (; w < words; w++) {
      const o = (query[w] & bits[base + 2 * words + w]) | (query[2 * words + w] & bits[base + w]);
      opposing += popcount(o);
      if (opposing > limit) break;
      sharedHet += popcount(query[words + w] & bits[base + words + w]);
    }
    if (w < words) continue;
    const rate = called ? opposing / called : 1;
    const kinship = (sharedHet - 2 * opposing) / Math.max(1, queryHet + index.heterozygous[d]);
    const keep = maxRate !== undefined ? rate <= maxRate : kinship >= minKinship;
    if (keep && index.ids[d] !== options.exceptId) out.push({ id: index.ids[d], opposingHomozygoteRate: rate, kinship });
  }
  return out.sort((a, b) => b.kinship - a.kinship);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
