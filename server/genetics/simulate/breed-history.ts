import type { MarkerPanel } from '../panel.js';
import type { Random } from '../prng.js';
import { X_CHROMOSOME, isLineageChromosome } from '../chromosomes.js';
import { firstAfter, type Haplotypes } from './meiosis.js';

/**
 * How a breed was made: a founder group taken from its ancestral population, then closed breeding
 * for generations, each litter by one of a few popular sires (the usual way breeds lose diversity:
 * a handful of males sire most of every generation, so the effective size is far below the census).
 */
export interface BreedHistory {
  /** Dogs the breed was founded from. */
  founders: number;
  /** Generations of closed breeding since the founding. */
  generations: number;
  /** Males that sire each generation (the effective size is set mostly by them). */
  siresPerGeneration: number;
  /** Females bred in each generation. */
  damsPerGeneration: number;
}

export interface BreedingDog extends Haplotypes {
  sex: 'm' | 'f';
}

/** Effective population size of a generation bred from `sires` males and `dams` females (Wright). */
export const effectiveSize = (history: BreedHistory): number =>
  (4 * history.siresPerGeneration * history.damsPerGeneration) / (history.siresPerGeneration + history.damsPerGeneration);

/**
 * A breed's history drawn from its own stream, so breeds differ: 10 to 40 founders, 8 to 20
 * generations closed with 2 to 6 sires a generation, or 4 to 8 with one, and 16 to 30 dams
 * (effective size 4 to 20). The
 * lab's COI counts long runs only (recent inbreeding), so what sets a breed's COI is its sires; a
 * breed bred closed much longer drifts to fixation and its own reference then hides its runs.
 */
export function drawBreedHistory(random: Random): BreedHistory {
  const founders = 10 + random.int(31);
  // one breed in five bred from a single sire a generation, and for fewer generations (longer, it
  // would be all but fixed): the few very inbred breeds
  const singleSire = random.next() < 0.2;
  return {
    founders,
    generations: singleSire ? 4 + random.int(5) : 8 + random.int(13),
    siresPerGeneration: singleSire ? 1 : 2 + random.int(5),
    // the most inbred of them from a few dams as well: litters of full siblings, line breeding
    damsPerGeneration: singleSire ? 4 + random.int(16) : 16 + random.int(15),
  };
}

/**
 * Today's breeding dogs of a closed breed: the founders mate at random for `generations`
 * generations, every pup a pair of recombinant gametes of its parents (crossovers on the panel's
 * genetic map, as gamete() draws them), then `stockSize` dogs of the last generation, alternately
 * male and female. Haplotypes are bit-packed while the breed is bred (every reference breed is bred
 * at start-up), and unpacked for the last generation only.
 */
export function breedForward(
  history: BreedHistory,
  stockSize: number,
  founder: () => BreedingDog,
  panel: MarkerPanel,
  random: Random,
): BreedingDog[] {
  const meiosis = new PackedMeiosis(panel);
  let generation = Array.from({ length: Math.max(2, history.founders) }, (_, i): PackedDog => {
    const dog = founder();
    // founders alternate so both sexes are there whatever the count
    const packed: PackedDog = { sex: i % 2 === 0 ? 'm' : 'f', maternal: pack(dog.maternal), paternal: pack(dog.paternal) };
    if (packed.sex === 'm') meiosis.makeHemizygousX(packed);
    return packed;
  });
  for (let g = 1; g <= history.generations; g++) {
    const size = g === history.generations ? stockSize : history.siresPerGeneration + history.damsPerGeneration;
    generation = nextGeneration(generation, size, history.siresPerGeneration, meiosis, random);
  }
  if (history.generations === 0) generation = generation.slice(0, stockSize);
  const n = panel.markers.length;
  return generation.map((dog) => ({ sex: dog.sex, maternal: unpack(dog.maternal, n), paternal: unpack(dog.paternal, n) }));
}

interface PackedDog {
  sex: 'm' | 'f';
  maternal: Uint32Array;
  paternal: Uint32Array;
}

function nextGeneration(parents: readonly PackedDog[], size: number, sireCount: number, meiosis: PackedMeiosis, random: Random): PackedDog[] {
  const males = parents.filter((d) => d.sex === 'm');
  const females = parents.filter((d) => d.sex === 'f');
  // the generation's popular sires: a few of the males sire every litter
  const sires = males.length <= sireCount ? males : shuffled(males, random).slice(0, sireCount);
  return Array.from({ length: size }, (_, i): PackedDog => {
    const sire = sires[random.int(sires.length)];
    const dam = females[random.int(females.length)];
    const pup: PackedDog = { sex: i % 2 === 0 ? 'm' : 'f', maternal: meiosis.gamete(dam, false, random), paternal: meiosis.gamete(sire, true, random) };
    if (pup.sex === 'm') meiosis.makeHemizygousX(pup);
    return pup;
  });
}

/** gamete() and makeHemizygousX() on bit-packed haplotypes (bit j of word j >> 5 is marker j). */
class PackedMeiosis {
  private readonly words: number;
  private readonly xMask: Uint32Array;
  private readonly mask: Uint32Array;
  private readonly cm: Float64Array;
  /** The chromosomes that recombine (autosomes and X), as flat arrays: read for every gamete. */
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  private readonly isX: Uint8Array;

  constructor(panel: MarkerPanel) {
    this.words = (panel.markers.length + 31) >>> 5;
    this.mask = new Uint32Array(this.words);
    this.xMask = new Uint32Array(this.words);
    this.cm = panel.centimorgans;
    // Y and mitochondria are written whole for the last generation
    const ranges = panel.ranges.filter((r) => !isLineageChromosome(r.chromosome) && r.end > r.start);
    this.starts = Uint32Array.from(ranges, (r) => r.start);
    this.ends = Uint32Array.from(ranges, (r) => r.end);
    this.isX = Uint8Array.from(ranges, (r) => (r.chromosome === X_CHROMOSOME ? 1 : 0));
    for (const range of ranges) if (range.chromosome === X_CHROMOSOME) setBits(this.xMask, range.start, range.end);
  }

  /** The crossovers of gamete(): the mask marks the markers taken from the parent's paternal haplotype. */
  gamete(parent: PackedDog, isMale: boolean, random: Random): Uint32Array {
    const { mask, cm, starts, ends, isX } = this;
    mask.fill(0);
    const points: number[] = [];
    for (let r = 0; r < starts.length; r++) {
      // a father's X is his one (maternal) X
      if (isMale && isX[r]) continue;
      const start = starts[r];
      const end = ends[r];
      const from = cm[start];
      const length = cm[end - 1] - from;
      const crossovers = random.poisson(length / 100);
      points.length = 0;
      for (let k = 0; k < crossovers; k++) points.push(from + random.next() * length);
      if (crossovers > 1) points.sort((a, b) => a - b);
      let paternal = random.next() < 0.5;
      let i = start;
      for (let k = 0; k < crossovers; k++) {
        const j = firstAfter(cm, points[k], i, end);
        if (paternal) setBits(mask, i, j);
        i = j;
        paternal = !paternal;
      }
      if (paternal) setBits(mask, i, end);
    }
    const out = new Uint32Array(this.words);
    const m = parent.maternal;
    const p = parent.paternal;
    for (let w = 0; w < out.length; w++) out[w] = (m[w] & ~mask[w]) | (p[w] & mask[w]);
    return out;
  }

  makeHemizygousX(dog: PackedDog): void {
    const x = this.xMask;
    for (let w = 0; w < x.length; w++) if (x[w]) dog.paternal[w] = (dog.paternal[w] & ~x[w]) | (dog.maternal[w] & x[w]);
  }
}

/** Sets bits [from, to). */
function setBits(words: Uint32Array, from: number, to: number): void {
  if (from >= to) return;
  const first = from >>> 5;
  const last = (to - 1) >>> 5;
  const head = ~0 << (from & 31);
  const tail = ~0 >>> (31 - ((to - 1) & 31));
  if (first === last) {
    words[first] |= head & tail;
    return;
  }
  words[first] |= head;
  for (let w = first + 1; w < last; w++) words[w] = ~0;
  words[last] |= tail;
}

function pack(haplotype: Uint8Array): Uint32Array {
  const out = new Uint32Array((haplotype.length + 31) >>> 5);
  for (let j = 0; j < haplotype.length; j++) if (haplotype[j]) out[j >>> 5] |= 1 << (j & 31);
  return out;
}

function unpack(words: Uint32Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let j = 0; j < n; j++) out[j] = (words[j >>> 5] >>> (j & 31)) & 1;
  return out;
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
