// The results of a dog on the GraphQL Pet type (issue 4 point 9): flags of spec 1 §3, the swab
// summary, genotype, ancestry, health, traits, age and microbiome tests, preferences, care
// resources and places. Pets only reach these resolvers through me.pets and me.petByPetNum, which
// check access; every read goes through a per-request DataLoader, so a list of dogs costs one
// query per field group, not one per dog.
import type { SchemaModule } from '../graphql/module.js';
import type { GraphqlContext } from '../graphql/context.js';
import type { Pet } from '../pets/queries.js';
import type { AgeTestRow, LocationRow, SwabRow } from '../pets/loaders.js';
import { safeReportUrl } from '../microbiome/rules.js';
import type { BreedMixView } from './breed-mix.js';
import type { DisplayBreed } from './breed-mix-rules.js';
import type { StoredGeneticStats } from './genetic-stats.js';
import { CALL_LABELS, SEVERITY_LABELS, modeOfInheritanceWords, type HealthCondition } from './health-rules.js';
import { lifeStageFor } from './life-stage.js';
import { WOLFINESS_CAP, formatPredictedWeight, formatWolfiness } from '../../widgets/genetic-stats/rules.js';

const typeDefs = /* GraphQL */ `
  "Life stages of spec 1 §9, from age and predicted adult weight."
  enum LifeStage {
    Puppy
    YoungAdult
    MatureAdult
    Senior
    Geriatric
  }

  "The dog's current DNA swab (the newest that is not void)."
  type SwabSummary {
    "Id of the swab."
    id: ID!
    "Code printed on the swab."
    swabCode: String!
    "unactivated, activated, received, processing, released, failed or void."
    swabState: String!
    "State of the lab's latest sample of the swab: received, extracted, genotyped, lab_review, released or failed; null before the lab has it."
    sampleState: String
    "Age, BreedAndAncestry, ComprehensiveBreeder, ComprehensiveConsumer, ComprehensiveUpgrade, Purebred or Vet."
    productType: String!
    "Where the kit was bought: shop, amazon, retail, vet, breeder_program, gift or other."
    productPurchaseSource: String
    "When the swab was activated for the dog (ISO 8601)."
    activatedDate: String
    "When the health results were released (ISO 8601)."
    healthResultsReleasedDate: String
    "When the breed results were released (ISO 8601)."
    breedResultsReleasedDate: String
    "When the upgrade to health results was bought (ISO 8601)."
    comprehensiveUpgradePurchasedDate: String
  }

  "One breed of the breed mix, as the breed wheel and list show it."
  type BreedMixEntry {
    "Name of the breed, or Supermutt for the trace breeds summed together."
    breedName: String!
    "Share of the dog's DNA, in percent."
    breedPct: Float!
    "The share with one decimal and a percent sign, e.g. '48.5%'."
    displayBreedPercent: String!
    "Colour of the breed on the wheel and bars, 1–9 (Supermutt takes the last)."
    colorIndex: Int!
    "Width of the breed's segment of a bar that shows the whole mix, in percent of the bar."
    barWidthPercentage: Float!
    "The entry sums the trace breeds (each under 5%)."
    isSupermutt: Boolean!
  }

  "Breed mix and genetic stats computed from the dog's genotype."
  type Genotype {
    "purebred, designer, mixed or village, as the breed mix found it."
    breedType: String
    "Name of the largest named breed."
    breed1name: String
    "Share of the largest named breed, in percent."
    breed1pct: Float
    "The breeds, largest first, the trace breeds summed as Supermutt."
    breedMix: [BreedMixEntry!]!
    "Predicted adult weight of the dog, in pounds (unrounded)."
    predictedWeight: Float
    "Predicted adult weight in whole pounds, e.g. '67 lbs'."
    displayPredictedWeight: String
    "Share of ancient wolf-like variants, in percent, capped at 100."
    wolfiness: Float
    "Wolfiness with one decimal, e.g. '100.0%'."
    displayWolfiness: String
    "How the dog's wolfiness compares with other dogs."
    wolfinessContext: String
    "Genomic inbreeding (coefficient of inbreeding) as a fraction of the genome."
    coi: Float
    "The coat colour the colour loci predict."
    predictedCoatColour: String
  }

  "One breed of the ancestry list."
  type AncestryBreed {
    "Name of the breed, or Supermutt."
    name: String!
    "The breed and its share in words, e.g. 'Beagle: 48.5%'."
    ancestryLabel: String!
    "Share of the dog's DNA, in percent."
    percentage: Float!
    "The share with one decimal and a percent sign."
    displayPercentage: String!
    "Colour of the breed on the wheel, 1–9."
    colorIndex: Int!
    "URL of a picture of the breed, when the catalogue has one."
    image: String
    "Catalogue slug of the breed; null for Supermutt."
    slug: String
  }

  "Another dog shown beside this one, linking to its public profile."
  type DogLink {
    "The dog's name."
    name: String!
    "Link to the dog's public profile."
    href: String!
    "Its share of the breed in question, e.g. '98.0%'."
    displayBreedPercent: String!
  }

  "One dog of the family tree."
  type FamilyTreeMember {
    "Position from the dog outwards: S sire, D dam, e.g. DS for the dam's sire."
    path: String!
    "The position in words, e.g. \\"Dam's sire\\"."
    role: String!
    "Name shown for the relative."
    name: String!
    "Link to the relative's public profile when its privacy allows."
    href: String
    "The relative's breed or mix name."
    breedName: String
  }

  "Parents, grandparents and great-grandparents."
  type FamilyTree {
    "recorded (from pedigree links), inferred (parents from close relatives) or none."
    source: String!
    "Sire and dam."
    parents: [FamilyTreeMember!]!
    "The four grandparents that are known."
    grandParents: [FamilyTreeMember!]!
    "The great-grandparents that are known."
    greatGrandParents: [FamilyTreeMember!]!
  }

  "A maternal (mitochondrial) or paternal (Y) lineage."
  type Haplotype {
    "maternal or paternal."
    lineage: String!
    "The haplotype, e.g. A1e_MT."
    haplotype: String!
    "The haplogroup it belongs to, e.g. A1e."
    haplogroup: String!
  }

  "Where the dog's DNA comes from."
  type Ancestry {
    "The breeds, largest first, the trace breeds summed as Supermutt."
    breeds: [AncestryBreed!]!
    "Breeds under 5% each."
    traceBreeds: [AncestryBreed!]!
    "purebred, designer, first_cross, mixed, super_mutt or village."
    breedMixScenario: String!
    "What the scenario means, in words."
    breedMixScenarioText: String!
    "Name of the mix, e.g. 'Beagle / Boxer mix'."
    breedMixName: String!
    "Other dogs whose largest breed is this dog's largest breed."
    similarPets: [DogLink!]!
    "Parents, grandparents and great-grandparents."
    familyTree: FamilyTree!
    "Maternal lineage (mitochondrial haplotype)."
    maternalHaplotype: Haplotype
    "Paternal lineage (Y haplotype); null for females."
    paternalHaplotype: Haplotype
  }

  "A genetic health condition and the dog's result for it."
  type HealthResult {
    "Id of the condition."
    id: Int!
    "Name of the condition."
    name: String!
    "low, moderate or high."
    severity: String!
    "The severity in words, e.g. 'High severity'."
    severityLabel: String!
    "clear, carrier, at_risk, no_call or not_tested."
    call: String!
    "The call in words, e.g. 'At risk'."
    callLabel: String!
    "What the result means for this dog."
    resultText: String!
    "The condition is known in the dog's breeds."
    isBreedRelevant: Boolean!
    "The condition's test is in beta."
    isBeta: Boolean!
    "About the condition."
    description: String!
    "Gene the variant lies in."
    gene: String!
    "Mode of inheritance, e.g. autosomal_recessive."
    moi: String!
    "The mode of inheritance explained."
    moiText: String!
    "The variants tested for."
    variants: [String!]!
    "Copies of the variant the dog carries (0–2), when called."
    variantCopies: Int
    "Scientific references."
    references: [Citation!]!
  }

  "An allele of a trait locus."
  type TraitAllele {
    "Symbol of the allele, e.g. Ky."
    symbol: String!
    "What the allele does."
    label: String!
  }

  "The dog's result at one trait locus."
  type Trait {
    "Name of the locus, e.g. 'E Locus (MC1R)'."
    name: String!
    "Gene of the locus."
    gene: String!
    "What the locus does."
    description: String!
    "The dog's genotype, e.g. 'e/e'; null when not tested on this sample."
    genotype: String
    "What the genotype means for the dog."
    meaning: String!
    "The locus was read on this sample."
    isTested: Boolean!
    "Alleles of the locus."
    alleles: [TraitAllele!]!
  }

  "Traits of one category: coat colour, coat type, body, other."
  type TraitCategory {
    "Name of the category."
    name: String!
    "Slug of the category."
    slug: String!
    "The dog's traits in this category, in catalogue order."
    traits: [Trait!]!
  }

  "The released result of an age test."
  type AgeTestResult {
    "Identifier of the result."
    resultsUuid: ID!
    "The birthday the test predicts (YYYY-MM-DD)."
    predictedBirthday: String!
    "The owner's answer to 'Is this accurate?'; null before they answer."
    isAccurate: Boolean
    "The owner has given feedback on the result."
    isUserFeedbackCollected: Boolean!
  }

  "The dog's newest age test."
  type AgeTest {
    "ordered, activated, processing, released or failed."
    status: String!
    "When the test was activated (ISO 8601)."
    activatedAt: String
    "When the result was released (ISO 8601)."
    releasedAt: String
    "The result, once released."
    releasedResult: AgeTestResult
  }

  "A gut microbiome test of the dog."
  type MicrobiomeTest {
    "Id of the test."
    id: ID!
    "When the test was ordered (ISO 8601)."
    createdAt: String!
    "Kind of test, e.g. gut."
    testType: String!
    "ordered, activated, received, processing, released or failed."
    state: String!
    "Link to the report, once released (web links only)."
    reportUrl: String
    "When the results were released (ISO 8601)."
    resultsReleasedAt: String
  }

  "The dog's data settings."
  type PetPreferences {
    "Family members may see the care resources surveys."
    shareCareResourcesSurveys: Boolean!
    "Family members may see the profile and results with the care resources."
    shareCareResourcesProfileAndResults: Boolean!
  }

  "What about the dog makes a care resource relevant: one of its breeds, health results or traits."
  type CareResourceTarget {
    "breed, health or trait."
    category: String!
    "The breed, condition or trait locus that matched."
    name: String!
    "Id of the care resource the target belongs to."
    careResourceId: Int!
    "Title of that care resource."
    title: String!
  }

  "A care resource for the dog, as the care resources page lists it."
  type CareResource {
    "Id of the resource (addCareResourcesFeedback's careResourceId)."
    id: Int!
    "Slug of the resource."
    slug: String!
    "Title of the resource."
    title: String!
    "Short summary of the resource."
    summary: String
    "Where the resource lives (web links only)."
    url: String
    "Categories of the targets that matched: breed, health, trait."
    categories: [String!]!
    "The targets that matched this dog."
    targets: [CareResourceTarget!]!
  }

  "Care resources for the dog (read-only, derived from its breeds, health results and traits)."
  type CareResources {
    "Every matching target, most important resource first; empty when none match."
    targets: [CareResourceTarget!]!
    "The matching resources, most important first, each with its targets."
    resources: [CareResource!]!
  }

  "A place tied to the dog, as the place search returned it."
  type PetLocation {
    "born, from, live or practice."
    locationType: String!
    "breeder, home, other or shelter."
    businessType: String
    "What the owner typed."
    addressInput: String
    "The place's address as the place service formats it."
    formattedAddress: String
    "Longitude and latitude."
    lngLat: [Float!]
    "Name of the place (e.g. the vet practice)."
    name: String
    "Identifier of the place at the place service."
    placeId: String
    "Kinds of place, as the place service gives them."
    types: [String!]!
    "Neighbourhood of the place."
    vicinity: String
    "Phone number of the place."
    phone: String
    "Web site of the place."
    website: String
  }

  "Where the dog was born, comes from and lives."
  type PetLocations {
    "Where the dog was born."
    born: PetLocation
    "Where the dog comes from (breeder, shelter…)."
    from: PetLocation
    "Where the dog lives."
    live: PetLocation
  }

  extend type Pet {
    "Life stage from the date of birth (or the age test's predicted birthday) and predicted weight; null when either is unknown."
    lifeStage: LifeStage
    "A DNA swab (not void) is linked to the dog."
    hasSwab: Boolean!
    "A swab, product, age test or microbiome test of the dog has been activated."
    hasActivatedProducts: Boolean!
    "An activated swab is still waiting for its results."
    hasPendingResults: Boolean!
    "Health results have been released."
    isHealthReady: Boolean!
    "Breed and other non-health results have been released."
    isNonhealthReady: Boolean!
    "The traits page is shown: results released and traits computed."
    showTraits: Boolean!
    "The dog's current DNA swab."
    swabSummary: SwabSummary
    "Breed mix and genetic stats; null before results."
    genotype: Genotype
    "Breeds, trace breeds, mix scenario, family tree, haplotypes and similar dogs; null before results."
    ancestry: Ancestry
    "Health results in the health page's order (at risk, carrier, clear; breed-relevant first); breedRelevant narrows to the relevant or the other conditions."
    healthResults(breedRelevant: Boolean): [HealthResult!]!
    "Trait results grouped by category."
    traits: [TraitCategory!]!
    "The dog's age test, if any."
    ageTest: AgeTest
    "The dog's microbiome tests, newest first."
    microbiomeTests: [MicrobiomeTest!]!
    "The dog's data settings."
    preferences: PetPreferences!
    "Care resources matching the dog's results."
    careResources: CareResources!
    "The vet practice the dog goes to, as a place; null when none is chosen."
    practiceLocation: PetLocation
    "Where the dog was born, comes from and lives."
    locations: PetLocations!
  }
`;

const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : value instanceof Date ? value.toISOString() : String(value));
const tenth = (x: number) => Math.round(x * 10) / 10;

/** The newest swab that is not void (genotyping swabs only; the age test's swab is not a DNA swab). */
export function currentSwab(swabs: readonly SwabRow[]): SwabRow | null {
  const dna = swabs.filter((swab) => !swab.isMethylation);
  return dna.find((swab) => swab.swabState !== 'void') ?? null;
}

/** Issue 4: an upgrade is offered for a BreedAndAncestry swab whose comprehensive upgrade is not bought. */
export function isUpgradeAvailable(swabs: readonly SwabRow[]): boolean {
  const swab = currentSwab(swabs);
  return swab !== null && swab.productType === 'BreedAndAncestry' && swab.comprehensiveUpgradePurchasedAt === null;
}

const PENDING_SWAB_STATES = new Set(['activated', 'received', 'processing']);

interface GenotypeSource {
  mix: BreedMixView | null;
  stats: StoredGeneticStats | null;
}

interface AncestrySource {
  pet: Pet;
  mix: BreedMixView;
}

const toBreedMixEntry = (total: number) => (breed: DisplayBreed) => ({
  breedName: breed.breedName,
  breedPct: breed.breedPct,
  displayBreedPercent: breed.displayBreedPercent,
  colorIndex: breed.colorIndex,
  barWidthPercentage: total > 0 ? tenth((breed.breedPct / total) * 100) : 0,
  isSupermutt: breed.breedId === null,
});

const toAncestryBreed = (breed: DisplayBreed) => ({
  breedId: breed.breedId,
  name: breed.breedName,
  ancestryLabel: `${breed.breedName}: ${breed.displayBreedPercent}`,
  percentage: breed.breedPct,
  displayPercentage: breed.displayBreedPercent,
  colorIndex: breed.colorIndex,
  slug: breed.slug,
});

const locationOf = (rows: readonly LocationRow[], type: LocationRow['locationType']) => rows.find((row) => row.locationType === type) ?? null;

const resolvers = {
  Pet: {
    async lifeStage(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const [stats, ageTests] = await Promise.all([loaders.geneticStats.load(pet.petNum), loaders.ageTests.load(pet.petNum)]);
      // A released result counts even when a newer test is in the lab (the genetic stats rule).
      const released = ageTests.find((test) => test.status === 'released')?.predictedBirthday ?? null;
      return lifeStageFor(pet.dateOfBirth ?? released, stats?.predictedWeightLbs ?? null);
    },
    hasSwab: async (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => currentSwab(await loaders.swabs.load(pet.petNum)) !== null,
    async hasActivatedProducts(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const [swabs, product, ageTests, microbiome] = await Promise.all([
        loaders.swabs.load(pet.petNum),
        loaders.hasActivatedProduct.load(pet.petNum),
        loaders.ageTests.load(pet.petNum),
        loaders.microbiomeTests.load(pet.petNum),
      ]);
      return (
        swabs.some((swab) => swab.activatedAt !== null && swab.swabState !== 'void') ||
        product ||
        ageTests.some((test) => test.activatedAt !== null) ||
        microbiome.some((test) => test.state !== 'ordered')
      );
    },
    async hasPendingResults(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const swabs = await loaders.swabs.load(pet.petNum);
      return swabs.some((swab) => !swab.isMethylation && PENDING_SWAB_STATES.has(swab.swabState));
    },
    isHealthReady: async (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => (await loaders.swabs.load(pet.petNum)).some((swab) => swab.healthResultsReleasedAt !== null),
    isNonhealthReady: async (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => (await loaders.swabs.load(pet.petNum)).some((swab) => swab.breedResultsReleasedAt !== null),
    async showTraits(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const [swabs, traits] = await Promise.all([loaders.swabs.load(pet.petNum), loaders.traits.load(pet.petNum)]);
      return swabs.some((swab) => swab.breedResultsReleasedAt !== null) && traits.length > 0;
    },
    async swabSummary(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const swab = currentSwab(await loaders.swabs.load(pet.petNum));
      if (!swab) return null;
      return {
        id: String(swab.id),
        swabCode: swab.swabCode,
        swabState: swab.swabState,
        sampleState: swab.sampleState,
        productType: swab.productType,
        productPurchaseSource: swab.purchaseSource,
        activatedDate: iso(swab.activatedAt),
        healthResultsReleasedDate: iso(swab.healthResultsReleasedAt),
        breedResultsReleasedDate: iso(swab.breedResultsReleasedAt),
        comprehensiveUpgradePurchasedDate: iso(swab.comprehensiveUpgradePurchasedAt),
      };
    },
    async genotype(pet: Pet, _args: unknown, { loaders }: GraphqlContext): Promise<GenotypeSource | null> {
      const [mix, stats] = await Promise.all([loaders.breedMix.load(pet.petNum), loaders.geneticStats.load(pet.petNum)]);
      return mix || stats ? { mix, stats } : null;
    },
    async ancestry(pet: Pet, _args: unknown, { loaders }: GraphqlContext): Promise<AncestrySource | null> {
      const mix = await loaders.breedMix.load(pet.petNum);
      return mix ? { pet, mix } : null;
    },
    async healthResults(pet: Pet, args: { breedRelevant?: boolean | null }, { loaders }: GraphqlContext) {
      const conditions = await loaders.healthResults.load(pet.petNum);
      return args.breedRelevant == null ? conditions : conditions.filter((c) => c.isBreedRelevant === args.breedRelevant);
    },
    traits: (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => loaders.traits.load(pet.petNum),
    // The newest age test, as the age test page shows it.
    ageTest: async (pet: Pet, _args: unknown, { loaders }: GraphqlContext): Promise<AgeTestRow | null> => (await loaders.ageTests.load(pet.petNum))[0] ?? null,
    microbiomeTests: (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => loaders.microbiomeTests.load(pet.petNum),
    preferences: (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => loaders.preferences.load(pet.petNum),
    async careResources(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const resources = (await loaders.careResources.load(pet.petNum)).map((resource) => ({
        ...resource,
        targets: resource.targets.map((target) => ({ ...target, careResourceId: resource.id, title: resource.title })),
      }));
      return { resources, targets: resources.flatMap((resource) => resource.targets) };
    },
    practiceLocation: async (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => locationOf(await loaders.locations.load(pet.petNum), 'practice'),
    async locations(pet: Pet, _args: unknown, { loaders }: GraphqlContext) {
      const rows = await loaders.locations.load(pet.petNum);
      return { born: locationOf(rows, 'born'), from: locationOf(rows, 'from'), live: locationOf(rows, 'live') };
    },
  },
  Genotype: {
    breedType: ({ mix }: GenotypeSource) => mix?.breedType ?? null,
    breed1name: ({ mix }: GenotypeSource) => mix?.topBreed?.breedName ?? null,
    breed1pct: ({ mix }: GenotypeSource) => mix?.topBreed?.breedPct ?? null,
    breedMix({ mix }: GenotypeSource) {
      if (!mix) return [];
      const total = mix.breeds.reduce((sum, breed) => sum + breed.breedPct, 0);
      return mix.breeds.map(toBreedMixEntry(total));
    },
    predictedWeight: ({ stats }: GenotypeSource) => stats?.predictedWeightLbs ?? null,
    displayPredictedWeight: ({ stats }: GenotypeSource) => formatPredictedWeight(stats?.predictedWeightLbs ?? null),
    wolfiness: ({ stats }: GenotypeSource) => (stats?.wolfiness == null ? null : Math.min(WOLFINESS_CAP, stats.wolfiness)),
    displayWolfiness: ({ stats }: GenotypeSource) => formatWolfiness(stats?.wolfiness ?? null),
    wolfinessContext: ({ stats }: GenotypeSource) => stats?.wolfinessContext ?? null,
    coi: ({ stats }: GenotypeSource) => stats?.coi ?? null,
    predictedCoatColour: ({ stats }: GenotypeSource) => stats?.predictedCoatColour ?? null,
  },
  Ancestry: {
    breeds: ({ mix }: AncestrySource) => mix.breeds.map(toAncestryBreed),
    traceBreeds: ({ mix }: AncestrySource) => mix.traceBreeds.map(toAncestryBreed),
    breedMixScenario: ({ mix }: AncestrySource) => mix.breedMixScenario,
    breedMixScenarioText: ({ mix }: AncestrySource) => mix.breedMixScenarioText,
    breedMixName: ({ mix }: AncestrySource) => mix.breedMixName,
    similarPets: ({ pet, mix }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => loaders.similarPets.load({ petNum: pet.petNum, topBreedId: mix.topBreed?.breedId ?? null }),
    familyTree: ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => loaders.familyTree.load(pet),
    maternalHaplotype: async ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => (await loaders.haplotypes.load(pet.petNum)).maternal,
    paternalHaplotype: async ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => (await loaders.haplotypes.load(pet.petNum)).paternal,
  },
  AncestryBreed: {
    async image(breed: { breedId: number | null }, _args: unknown, { loaders }: GraphqlContext) {
      if (breed.breedId === null) return null;
      const id = await loaders.breedImageId.load(breed.breedId);
      return id ? `/media/${encodeURIComponent(id)}` : null;
    },
  },
  HealthResult: {
    severityLabel: (c: HealthCondition) => SEVERITY_LABELS[c.severity] ?? c.severity,
    callLabel: (c: HealthCondition) => CALL_LABELS[c.call] ?? c.call,
    moi: (c: HealthCondition) => c.modeOfInheritance,
    moiText: (c: HealthCondition) => modeOfInheritanceWords(c.modeOfInheritance),
    variants: (c: HealthCondition) => (c.variant ? [c.variant] : []),
  },
  AgeTest: {
    activatedAt: (test: { activatedAt: Date | null }) => iso(test.activatedAt),
    releasedAt: (test: { releasedAt: Date | null }) => iso(test.releasedAt),
    releasedResult(test: { status: string; resultsUuid: string | null; predictedBirthday: string | null; isAccurate: boolean | null; isUserFeedbackCollected: boolean }) {
      if (test.status !== 'released' || !test.resultsUuid || !test.predictedBirthday) return null;
      return { resultsUuid: test.resultsUuid, predictedBirthday: test.predictedBirthday, isAccurate: test.isAccurate, isUserFeedbackCollected: test.isUserFeedbackCollected };
    },
  },
  MicrobiomeTest: {
    id: (test: { id: number }) => String(test.id),
    createdAt: (test: { createdAt: Date }) => iso(test.createdAt),
    reportUrl: (test: { state: string; reportUrl: string | null }) => (test.state === 'released' ? safeReportUrl(test.reportUrl) : null),
    resultsReleasedAt: (test: { resultsReleasedAt: Date | null }) => iso(test.resultsReleasedAt),
  },
  PetLocation: {
    lngLat: (row: LocationRow) => (row.lngLat ? row.lngLat.map(Number) : null),
    types: (row: LocationRow) => row.types ?? [],
  },
};

export const resultsSchema: SchemaModule = { typeDefs, resolvers };
