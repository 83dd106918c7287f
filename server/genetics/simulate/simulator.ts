import { BREEDS, GRAY_WOLF, breedBySlug } from '../catalogue/breeds.js';
import { HEALTH_CONDITIONS } from '../catalogue/health-conditions.js';

import type { MarkerPanel } from '../panel.js';
import { createRandom, hashString, type Random } from '../prng.js';
import { ancestralFrequencies, driftedFrequencies, snpIndices, withWolfShare } from './allele-frequencies.js';
import { averageAncestry, type Sex, type SimulatedDog } from './dog.js';
import { breedLineages, writeLineages, type BreedLineages } from './lineage.js';
import { breedForward, drawBreedHistory, type BreedHistory, type BreedingDog } from './breed-history.js';
import { founderMosaic, gamete, makeHemizygousX } from './meiosis.js';
import { breedVariantProfile, blendedVariantProfile, wolfVariantProfile, type VariantProfile } from './variant-frequencies.js';

export interface SimulatorOptions {
  panel: MarkerPanel;
  seed?: number;
  /** Drift of each breed group away from the ancestral dog frequencies. */
  groupFst?: number;
  /** Drift of each breed away from its group. */
  breedFst?: number;
  wolfFst?: number;
  /** Breeding dogs kept per breed (parents of simulated purebreds, and the lab's reference dogs). */
  breedStockSize?: number;
  /**
   * Breeds as they were made (issue 35 §1): founders, then closed breeding at a small effective size
   * (breed-history.ts), so purebreds carry long runs of homozygosity. Off by default until relative
   * matching allows for the kinship breed-mates then share: without it a breed's dogs are mosaics of
   * its founder haplotypes, unrelated to one another.
   */
  closedBreeding?: boolean;
  /** Every breed's history, or parts of it, instead of the one drawn for the breed (see drawBreedHistory). */
  history?: Partial<BreedHistory>;
  /** Mosaic breeds: founder haplotypes a breed descends from (fewer means more inbred breeds). */
  founderHaplotypes?: number;
  /** Mosaic breeds: generations since the breed was founded (more means shorter shared old segments). */
  breedAgeGenerations?: number;
}

/** Breeds that kept more ancient wolf-like DNA than most (spitz, Arctic and ancient breeds). */
const WOLF_SHARE: Readonly<Record<string, number>> = {
  'siberian-husky': 0.08, 'alaskan-malamute': 0.1, akita: 0.08, 'shiba-inu': 0.07, 'greenland-dog': 0.1,
  'chow-chow': 0.06, basenji: 0.05, saluki: 0.04, 'afghan-hound': 0.05, samoyed: 0.06, 'czechoslovakian-vlcak': 0.25,
};
const REFERENCE_PRIOR_COUNT = 0.5;

interface Population {
  slug: string;
  frequencies: Float32Array;
  variants: VariantProfile;
  lineages: BreedLineages;
}

export class PopulationSimulator {
  readonly panel: MarkerPanel;
  readonly seed: number;
  private readonly options: Required<Omit<SimulatorOptions, 'panel' | 'seed'>>;
  private random: Random;
  private readonly snps: Uint32Array;
  private readonly variantIndices: number[];
  private readonly ancestral: Float32Array;
  private readonly groups = new Map<string, Float32Array>();
  private readonly populations = new Map<string, Population>();
  private readonly stocks = new Map<string, SimulatedDog[]>();
  private readonly dogs = new Map<number, SimulatedDog>();
  private nextId = 1;
  private nextLitterId = 1;

  constructor(options: SimulatorOptions) {
    this.panel = options.panel;
    this.seed = options.seed ?? 1;
    this.options = {
      groupFst: options.groupFst ?? 0.04,
      breedFst: options.breedFst ?? 0.1,
      wolfFst: options.wolfFst ?? 0.15,
      breedStockSize: options.breedStockSize ?? 30,
      closedBreeding: options.closedBreeding ?? false,
      history: options.history ?? {},
      founderHaplotypes: options.founderHaplotypes ?? 16,
      breedAgeGenerations: options.breedAgeGenerations ?? 30,
    };
    this.random = this.stream('matings');
    this.snps = snpIndices(this.panel);
    this.variantIndices = this.panel.markers.flatMap((m, j) => (m.kind === 'health' || m.kind === 'trait' ? [j] : []));
    this.ancestral = ancestralFrequencies(this.stream('ancestral'), this.panel);
  }

  /** A random stream that depends only on the seed and its label, not on what was simulated before. */
  stream(label: string): Random {
    return createRandom(hashString(`${this.seed}:${label}`));
  }

  /** Starts the matings' random stream over: the same calls then draw the same dogs (tests start each file so). */
  restartMatings(): void {
    this.random = this.stream('matings');
  }

  dog(id: number): SimulatedDog | undefined {
    return this.dogs.get(id);
  }

  /** Today's breeding dogs of a breed (or of 'gray-wolf'): the lab's reference dogs for it. */
  stock(slug: string): SimulatedDog[] {
    let stock = this.stocks.get(slug);
    if (!stock) {
      stock = this.buildStock(slug);
      this.stocks.set(slug, stock);
    }
    return stock;
  }

  /** A purebred puppy of two of the breed's breeding dogs. */
  purebred(slug: string, sex?: Sex): SimulatedDog {
    const [sire, dam] = this.breedingPair(slug);
    return this.mate(sire, dam, sex);
  }

  breedingPair(slug: string): [SimulatedDog, SimulatedDog] {
    const stock = this.stock(slug);
    const males = stock.filter((d) => d.sex === 'm');
    const females = stock.filter((d) => d.sex === 'f');
    return [this.random.pick(males), this.random.pick(females)];
  }

  mate(sire: SimulatedDog, dam: SimulatedDog, sex?: Sex, litterId: number | null = null): SimulatedDog {
    if (sire.sex !== 'm' || dam.sex !== 'f') throw new Error('A mating needs a male sire and a female dam');
    const childSex = sex ?? (this.random.next() < 0.5 ? 'm' : 'f');
    const child: SimulatedDog = {
      id: this.nextId++,
      sex: childSex,
      sireId: sire.id,
      damId: dam.id,
      litterId,
      ancestry: averageAncestry(sire.ancestry, dam.ancestry),
      maternal: gamete(dam, false, this.panel, this.random),
      paternal: gamete(sire, true, this.panel, this.random),
      // the mitochondria come from the dam, the Y (sons only) from the sire, unchanged
      mtHaplotype: dam.mtHaplotype,
      yHaplotype: childSex === 'm' ? sire.yHaplotype : null,
    };
    if (childSex === 'm') makeHemizygousX(child, this.panel);
    writeLineages(child, this.panel, child.mtHaplotype, child.yHaplotype);
    this.dogs.set(child.id, child);
    return child;
  }

  litter(sire: SimulatedDog, dam: SimulatedDog, size: number): SimulatedDog[] {
    const litterId = this.nextLitterId++;
    return Array.from({ length: size }, () => this.mate(sire, dam, undefined, litterId));
  }

  private population(slug: string): Population {
    let population = this.populations.get(slug);
    if (population) return population;
    const random = this.stream(`population:${slug}`);
    if (slug === GRAY_WOLF.slug) {
      population = {
        slug,
        frequencies: driftedFrequencies(random, this.ancestral, this.options.wolfFst, this.snps),
        variants: wolfVariantProfile(),
        lineages: breedLineages(random, true),
      };
    } else {
      const breed = breedBySlug(slug);
      if (!breed || !breed.isIdentifiable) throw new Error(`No reference population for ${slug}`);
      const group = this.groupFrequencies(breed.group);
      const frequencies = driftedFrequencies(random, group, this.options.breedFst, this.snps);
      const wolfShare = WOLF_SHARE[slug] ?? 0;
      if (wolfShare > 0) withWolfShare(frequencies, this.population(GRAY_WOLF.slug).frequencies, wolfShare, this.snps);
      const relevant = new Set(HEALTH_CONDITIONS.filter((c) => c.breedSlugs.includes(slug)).map((c) => c.id));
      const variants =
        breed.group === 'Village Dog'
          ? blendedVariantProfile(['labrador-retriever', 'german-shepherd-dog', 'beagle', 'chihuahua'].map((s) => this.population(s).variants))
          : breedVariantProfile(this.stream(`variants:${slug}`), slug, breed.sizeClass, (id) => relevant.has(id));
      population = {
        slug,
        frequencies,
        variants,
        lineages: breedLineages(random, false),
      };
    }
    this.populations.set(slug, population);
    return population;
  }

  private groupFrequencies(group: string): Float32Array {
    let frequencies = this.groups.get(group);
    if (!frequencies) {
      const fst = group === 'Village Dog' ? this.options.groupFst / 2 : this.options.groupFst;
      frequencies = driftedFrequencies(this.stream(`group:${group}`), this.ancestral, fst, this.snps);
      this.groups.set(group, frequencies);
    }
    return frequencies;
  }

  /**
   * One founder haplotype: its SNPs from `random`, its named variants (health and trait markers)
   * from `variantRandom`, so a condition or trait allele added to the catalogue changes no breed's
   * SNPs, and with them no kinship, COI or breed mix (issue 35 §5).
   */
  private founderHaplotype(population: Population, random: Random, variantRandom: Random): Uint8Array {
    const { markers } = this.panel;
    const haplotype = new Uint8Array(markers.length);
    const frequencies = population.frequencies;
    const snps = this.snps;
    for (let k = 0; k < snps.length; k++) {
      const j = snps[k];
      haplotype[j] = random.next() < frequencies[j] ? 1 : 0;
    }
    const drawn = new Map<string, string>();
    for (const j of this.variantIndices) {
      const m = markers[j];
      if (m.kind === 'health') {
        haplotype[j] = variantRandom.next() < (population.variants.riskAlleleFrequency.get(m.variantOf!) ?? 0) ? 1 : 0;
        continue;
      }
      let allele = drawn.get(m.variantOf!);
      if (allele === undefined) {
        const { symbols, weights } = population.variants.traitAlleles.get(m.variantOf!)!;
        allele = symbols[variantRandom.pickWeighted(weights)];
        drawn.set(m.variantOf!, allele);
      }
      haplotype[j] = allele === m.allele ? 1 : 0;
    }
    return haplotype;
  }

  /** How the breed was made (founders, generations, sires and dams a generation); wolves and village dogs were never closed. */
  history(slug: string): BreedHistory {
    const open = slug === GRAY_WOLF.slug || breedBySlug(slug)?.group === 'Village Dog';
    if (open) return { founders: this.options.breedStockSize, generations: 0, siresPerGeneration: 0, damsPerGeneration: 0 };
    const drawn = drawBreedHistory(this.stream(`history:${slug}`));
    return { ...drawn, ...this.options.history };
  }

  /** The breed's founder haplotypes, and the stream the breed's stock goes on drawing from. */
  private founders(slug: string): { founders: Uint8Array[]; random: Random } {
    const population = this.population(slug);
    const random = this.stream(`stock:${slug}`);
    const variantRandom = this.stream(`stock-variants:${slug}`);
    const founders = Array.from({ length: this.options.founderHaplotypes }, () => this.founderHaplotype(population, random, variantRandom));
    return { founders, random };
  }

  /**
   * Today's breeding dogs of a breed as haplotypes: founders drawn from the breed's ancestral
   * population, then closed breeding (breedForward). Deterministic for the seed and the breed,
   * whatever was simulated before.
   */
  private closedBreed(slug: string): { dogs: BreedingDog[]; random: Random } {
    const population = this.population(slug);
    const random = this.stream(`stock:${slug}`);
    const variantRandom = this.stream(`stock-variants:${slug}`);
    const founder = (): BreedingDog => ({ sex: 'f', maternal: this.founderHaplotype(population, random, variantRandom), paternal: this.founderHaplotype(population, random, variantRandom) });
    const dogs = breedForward(this.history(slug), this.options.breedStockSize, founder, this.panel, random);
    return { dogs, random };
  }

  /**
   * Alt-allele frequency of a breed's (or the wolves') breeding dogs at every marker, with a small
   * prior so none is exactly 0 or 1: what the lab's reference dogs of the breed show. Breeds not
   * simulated yet are bred for it and not kept (the reference holds every breed; a population a few).
   */
  referenceFrequencies(slug: string): Float32Array {
    // mosaic breeds: the founder haplotypes, which today's dogs are mosaics of
    const haplotypes = this.options.closedBreeding
      ? (this.stocks.get(slug) ?? this.closedBreed(slug).dogs).flatMap((d) => [d.maternal, d.paternal])
      : this.founders(slug).founders;
    const n = this.panel.markers.length;
    const counts = new Uint16Array(n);
    for (const haplotype of haplotypes) for (let j = 0; j < n; j++) counts[j] += haplotype[j];
    const out = new Float32Array(n);
    const denominator = haplotypes.length + 2 * REFERENCE_PRIOR_COUNT;
    for (let j = 0; j < n; j++) out[j] = (counts[j] + REFERENCE_PRIOR_COUNT) / denominator;
    return out;
  }

  /** Today's dogs of a breed, the last generation of its closed breeding, with ids and lineages. */
  private buildStock(slug: string): SimulatedDog[] {
    if (!this.options.closedBreeding) return this.buildMosaicStock(slug);
    const population = this.population(slug);
    const { dogs, random } = this.closedBreed(slug);
    return dogs.map((bred): SimulatedDog => {
      const sex = bred.sex;
      const dog: SimulatedDog = {
        id: this.nextId++,
        sex,
        sireId: null,
        damId: null,
        litterId: null,
        ancestry: { [slug]: 1 },
        maternal: bred.maternal,
        paternal: bred.paternal,
        // lineages by the breed's own frequencies (one draw each, as the stream expects)
        mtHaplotype: population.lineages.maternal.names[random.pickWeighted(population.lineages.maternal.weights)],
        yHaplotype: sex === 'm' ? population.lineages.paternal.names[random.pickWeighted(population.lineages.paternal.weights)] : null,
      };
      writeLineages(dog, this.panel, dog.mtHaplotype, dog.yHaplotype);
      this.dogs.set(dog.id, dog);
      return dog;
    });
  }

  /**
   * Today's dogs of a breed: each haplotype a mosaic of a few founder haplotypes, so dogs of one
   * breed share short old segments and carry runs of homozygosity, as closed breeds do.
   */
  private buildMosaicStock(slug: string): SimulatedDog[] {
    const population = this.population(slug);
    const { founders, random } = this.founders(slug);
    const age = this.options.breedAgeGenerations;
    const stock = Array.from({ length: this.options.breedStockSize }, (_, i): SimulatedDog => {
      const sex: Sex = i % 2 === 0 ? 'm' : 'f';
      const dog: SimulatedDog = {
        id: this.nextId++,
        sex,
        sireId: null,
        damId: null,
        litterId: null,
        ancestry: { [slug]: 1 },
        maternal: founderMosaic(founders, age, this.panel, random),
        paternal: founderMosaic(founders, age, this.panel, random),
        // founders' lineages by the breed's own frequencies (one draw each, as the stream expects)
        mtHaplotype: population.lineages.maternal.names[random.pickWeighted(population.lineages.maternal.weights)],
        yHaplotype: sex === 'm' ? population.lineages.paternal.names[random.pickWeighted(population.lineages.paternal.weights)] : null,
      };
      if (sex === 'm') makeHemizygousX(dog, this.panel);
      writeLineages(dog, this.panel, dog.mtHaplotype, dog.yHaplotype);
      this.dogs.set(dog.id, dog);
      return dog;
    });
    return stock;
  }
}

/** Reference populations the simulator can produce: every identifiable breed, and wolves. */
export function referencePopulationSlugs(): string[] {
  return [...BREEDS.filter((b) => b.isIdentifiable).map((b) => b.slug), GRAY_WOLF.slug];
}

