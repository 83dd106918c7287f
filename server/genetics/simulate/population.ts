import { GRAY_WOLF, breedBySlug, designerBreeds } from '../catalogue/breeds.js';
import type { Calls } from '../genotype.js';
import { buildSimulatedPanel, type MarkerPanel } from '../panel.js';
import type { Random } from '../prng.js';
import { callsOf, type Sex, type SimulatedDog } from './dog.js';
import { PopulationSimulator } from './simulator.js';

/** Breeds common in homes, so the demo population looks like a real customer base. */
export const POPULAR_BREEDS: readonly string[] = [
  'labrador-retriever', 'golden-retriever', 'german-shepherd-dog', 'french-bulldog', 'bulldog', 'beagle',
  'standard-poodle', 'miniature-poodle', 'toy-poodle', 'rottweiler', 'dachshund', 'miniature-dachshund',
  'german-shorthaired-pointer', 'pembroke-welsh-corgi', 'australian-shepherd', 'yorkshire-terrier', 'boxer',
  'cavalier-king-charles-spaniel', 'doberman-pinscher', 'great-dane', 'miniature-schnauzer', 'siberian-husky',
  'bernese-mountain-dog', 'shih-tzu', 'boston-terrier', 'pomeranian', 'havanese', 'english-springer-spaniel',
  'shetland-sheepdog', 'border-collie', 'cocker-spaniel', 'chihuahua', 'pug', 'maltese', 'bichon-frise',
  'weimaraner', 'vizsla', 'basset-hound', 'american-staffordshire-terrier', 'alaskan-malamute',
];

const WOLF_CROSS_BREEDS = ['siberian-husky', 'alaskan-malamute', 'german-shepherd-dog'];
const PET_NAMES = [
  'Bella', 'Max', 'Luna', 'Charlie', 'Daisy', 'Cooper', 'Lucy', 'Milo', 'Bailey', 'Rocky', 'Sadie', 'Bear', 'Molly',
  'Tucker', 'Maggie', 'Duke', 'Rosie', 'Zeus', 'Stella', 'Bentley', 'Chloe', 'Finn', 'Penny', 'Oscar', 'Zoe', 'Leo',
  'Ruby', 'Winston', 'Nala', 'Murphy', 'Lola', 'Gus', 'Willow', 'Jack', 'Pepper', 'Louie', 'Hazel', 'Moose', 'Olive',
  'Teddy', 'Ginger', 'Jasper', 'Maple', 'Rufus', 'Poppy', 'Ziggy', 'Honey', 'Biscuit', 'Juniper', 'Otis',
];

export type PopulationDogKind = 'purebred' | 'firstCross' | 'designerCross' | 'multiGenerationMix' | 'wolfHybrid';

export interface PopulationDog {
  id: number;
  /** A pet name, unique within the population when suffixed by the id where needed. */
  name: string;
  /** What the dog is, in words an owner would use: "Beagle", "Labradoodle", "Boxer × Pug mix", "Mixed breed". */
  label: string;
  kind: PopulationDogKind;
  sex: Sex;
  birthYear: number;
  /** Parents, when they are in the population too (null otherwise). */
  sireId: number | null;
  damId: number | null;
  litterId: number | null;
  /** True pedigree ancestry, slug → share. */
  ancestry: Readonly<Record<string, number>>;
  /** True maternal (mitochondrial) haplotype, and paternal (Y) haplotype of males. */
  mtHaplotype: string;
  yHaplotype: string | null;
  calls: Calls;
}

export interface PopulationOptions {
  seed: number;
  size: number;
  panel?: MarkerPanel;
  /** Breeds purebreds and crosses are drawn from (default POPULAR_BREEDS). */
  breeds?: readonly string[];
  /** Year the youngest dogs are born in. */
  currentYear?: number;
  /** Breeds as they were made, by closed breeding (see SimulatorOptions.closedBreeding). */
  closedBreeding?: boolean;
}

export interface Population {
  panel: MarkerPanel;
  simulator: PopulationSimulator;
  dogs: PopulationDog[];
}

/** Shares of the population by how it is made; the rest are families (litters with parents, half sibs, cousins). */
const COMPOSITION = { purebred: 0.3, firstCross: 0.12, designerCross: 0.12, multiGenerationMix: 0.2, wolfHybrid: 0.008 } as const;

/**
 * A deterministic demo population: purebreds, first and designer crosses, multi-generation mixes,
 * a few wolf hybrids, and families whose parents, full and half siblings and cousins are all in it.
 * Carriers and at-risk dogs arise from the breeds' variant frequencies, as in real dogs.
 */
export function simulatePopulation(options: PopulationOptions): Population {
  const panel = options.panel ?? buildSimulatedPanel();
  const simulator = new PopulationSimulator({ panel, seed: options.seed, closedBreeding: options.closedBreeding });
  const builder = new PopulationBuilder(simulator, options);
  builder.build();
  return { panel, simulator, dogs: builder.dogs };
}

class PopulationBuilder {
  readonly dogs: PopulationDog[] = [];
  private readonly added = new Map<number, PopulationDog>();
  private readonly random: Random;
  private readonly breeds: readonly string[];
  private readonly designers: { name: string; parents: readonly string[] }[];
  private readonly year: number;

  constructor(
    private readonly simulator: PopulationSimulator,
    private readonly options: PopulationOptions,
  ) {
    this.random = simulator.stream('population');
    this.breeds = options.breeds ?? POPULAR_BREEDS;
    const inBreeds = new Set(this.breeds);
    this.designers = designerBreeds()
      .filter((d) => d.parentSlugs!.every((p) => inBreeds.has(p)))
      .map((d) => ({ name: d.name, parents: d.parentSlugs! }));
    this.year = options.currentYear ?? 2025;
  }

  build(): void {
    const size = this.options.size;
    const quota = (share: number) => Math.round(size * share);
    const wolves = Math.max(size >= 100 ? 2 : 0, quota(COMPOSITION.wolfHybrid));
    for (let i = 0; i < wolves && this.dogs.length < size; i++) this.wolfHybrid(i);
    const purebreds = quota(COMPOSITION.purebred);
    while (this.count('purebred') < purebreds && this.dogs.length < size) this.purebredLitter();
    for (let i = 0; i < quota(COMPOSITION.firstCross) && this.dogs.length < size; i++) this.firstCross();
    for (let i = 0; i < quota(COMPOSITION.designerCross) && this.dogs.length < size && this.designers.length; i++) this.designerCross(i);
    for (let i = 0; i < quota(COMPOSITION.multiGenerationMix) && this.dogs.length < size; i++) this.multiGenerationMix();
    while (this.dogs.length < size) this.family();
  }

  private count(kind: PopulationDogKind): number {
    return this.dogs.filter((d) => d.kind === kind).length;
  }

  /** A purebred litter; sometimes the parents are tested too (parent–offspring pairs). */
  private purebredLitter(): void {
    const slug = this.random.pick(this.breeds);
    const [sire, dam] = this.simulator.breedingPair(slug);
    const withParents = this.random.next() < 0.3;
    if (withParents) {
      this.add(sire, 'purebred', this.year - 9 + this.random.int(4));
      this.add(dam, 'purebred', this.year - 8 + this.random.int(3));
    }
    const pups = this.simulator.litter(sire, dam, 1 + this.random.int(withParents ? 4 : 2));
    for (const pup of pups) this.add(pup, 'purebred');
  }

  private firstCross(): void {
    const a = this.random.pick(this.breeds);
    let b = this.random.pick(this.breeds);
    if (b === a) b = this.breeds[(this.breeds.indexOf(a) + 1) % this.breeds.length];
    this.add(this.simulator.mate(this.simulator.breedingPair(a)[0], this.simulator.breedingPair(b)[1]), 'firstCross');
  }

  /** Designer crosses: mostly first generation; every fourth a second-generation (doodle × doodle) litter-mate. */
  private designerCross(i: number): void {
    const designer = this.designers[i % this.designers.length];
    const [a, b] = this.random.next() < 0.5 ? designer.parents : [...designer.parents].reverse();
    const first = (sex: Sex) => this.simulator.mate(this.simulator.breedingPair(a)[0], this.simulator.breedingPair(b)[1], sex);
    const dog = i % 4 === 3 ? this.simulator.mate(first('m'), first('f')) : first(this.random.next() < 0.5 ? 'm' : 'f');
    this.add(dog, 'designerCross', undefined, designer.name);
  }

  /** Three or four generations of random matings among purebreds and mixes: the "supermutts". */
  private multiGenerationMix(): void {
    const generations = 3 + this.random.int(2);
    this.add(this.mixOf(generations, this.random.next() < 0.5 ? 'm' : 'f'), 'multiGenerationMix');
  }

  private mixOf(generations: number, sex: Sex): SimulatedDog {
    if (generations === 0) {
      const slug = this.random.pick(this.breeds);
      const [sire, dam] = this.simulator.breedingPair(slug);
      return sex === 'm' ? sire : dam;
    }
    // a parent line may stop early (a purebred parent in a mix) so shares are not all equal
    const depth = (g: number) => (this.random.next() < 0.25 ? 0 : g);
    const sire = this.mixOf(depth(generations - 1), 'm');
    const dam = this.mixOf(depth(generations - 1), 'f');
    return this.simulator.mate(sire, dam, sex);
  }

  private wolfHybrid(i: number): void {
    const [wolf, sheWolf] = this.simulator.breedingPair(GRAY_WOLF.slug);
    const breed = WOLF_CROSS_BREEDS[i % WOLF_CROSS_BREEDS.length];
    const [dog, bitch] = this.simulator.breedingPair(breed);
    const hybrid = i % 2 === 0 ? this.simulator.mate(wolf, bitch) : this.simulator.mate(dog, sheWolf);
    // every other one is a high-content back-cross rather than a first-generation hybrid
    const result = i % 4 >= 2 && hybrid.sex === 'f' ? this.simulator.mate(wolf, hybrid) : hybrid;
    this.add(result, 'wolfHybrid', undefined, 'Wolfdog');
  }

  /**
   * A family with known pedigree: two tested parents and their litter, a half-sibling litter by the
   * same sire, and cousins (pups of two of the litter-mates with outside mates).
   */
  private family(): void {
    const pick = (sex: Sex) => (this.random.next() < 0.5 ? this.purebredParent(sex) : this.mixOf(1 + this.random.int(2), sex));
    const sire = pick('m');
    const dam = pick('f');
    const parentYear = this.year - 10 + this.random.int(3);
    this.add(sire, kindOf(sire), parentYear);
    this.add(dam, kindOf(dam), parentYear + 1);
    const litter = this.simulator.litter(sire, dam, 3 + this.random.int(3));
    litter.forEach((pup) => this.add(pup, kindOf(pup), parentYear + 4));
    if (this.random.next() < 0.7) {
      const otherDam = pick('f');
      this.add(otherDam, kindOf(otherDam), parentYear);
      for (const pup of this.simulator.litter(sire, otherDam, 1 + this.random.int(2))) this.add(pup, kindOf(pup), parentYear + 5);
    }
    const son = litter.find((d) => d.sex === 'm');
    const daughter = litter.find((d) => d.sex === 'f');
    if (son && daughter) {
      const [mateOfSon, mateOfDaughter] = [pick('f'), pick('m')];
      this.add(mateOfSon, kindOf(mateOfSon), parentYear + 4);
      this.add(mateOfDaughter, kindOf(mateOfDaughter), parentYear + 4);
      this.add(this.simulator.mate(son, mateOfSon), 'multiGenerationMix', parentYear + 8);
      this.add(this.simulator.mate(mateOfDaughter, daughter), 'multiGenerationMix', parentYear + 8);
    }
  }

  private purebredParent(sex: Sex): SimulatedDog {
    const [sire, dam] = this.simulator.breedingPair(this.random.pick(this.breeds));
    return sex === 'm' ? sire : dam;
  }

  private add(dog: SimulatedDog, kind: PopulationDogKind, birthYear?: number, designerName?: string): void {
    if (this.added.has(dog.id) || this.dogs.length >= this.options.size) return;
    const sire = dog.sireId !== null ? this.added.get(dog.sireId) : undefined;
    const dam = dog.damId !== null ? this.added.get(dog.damId) : undefined;
    const parentYear = Math.max(sire?.birthYear ?? 0, dam?.birthYear ?? 0);
    const year = Math.min(this.year, Math.max(birthYear ?? this.year - this.random.int(13), parentYear ? parentYear + 2 : 0));
    const entry: PopulationDog = {
      id: dog.id,
      name: PET_NAMES[(dog.id * 7 + this.dogs.length) % PET_NAMES.length],
      label: designerName ?? labelOf(dog),
      kind: kind === 'designerCross' || kind === 'wolfHybrid' ? kind : kindOf(dog),
      sex: dog.sex,
      birthYear: year,
      sireId: sire ? sire.id : null,
      damId: dam ? dam.id : null,
      litterId: dog.litterId,
      ancestry: dog.ancestry,
      mtHaplotype: dog.mtHaplotype,
      yHaplotype: dog.yHaplotype,
      calls: callsOf(dog),
    };
    this.added.set(dog.id, entry);
    this.dogs.push(entry);
  }
}

function kindOf(dog: SimulatedDog): PopulationDogKind {
  const shares = Object.values(dog.ancestry);
  if (dog.ancestry[GRAY_WOLF.slug]) return 'wolfHybrid';
  if (shares.length === 1) return 'purebred';
  if (shares.length === 2 && shares.every((q) => q === 0.5)) return 'firstCross';
  return 'multiGenerationMix';
}

function labelOf(dog: SimulatedDog): string {
  const entries = Object.entries(dog.ancestry).sort((a, b) => b[1] - a[1]);
  const name = (slug: string) => (slug === GRAY_WOLF.slug ? GRAY_WOLF.name : breedBySlug(slug)?.name ?? slug);
  if (entries.length === 1) return name(entries[0][0]);
  if (dog.ancestry[GRAY_WOLF.slug]) return 'Wolfdog';
  if (entries.length === 2) return `${name(entries[0][0])} \u00d7 ${name(entries[1][0])}`;
  if (entries[0][1] >= 0.5) return `${name(entries[0][0])} mix`;
  return 'Mixed breed';
}
