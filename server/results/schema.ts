// The results of a dog on the GraphQL Pet type (issue 4 point 9): flags of spec 1 §3, the swab
// summary, genotype, ancestry, health, traits, age and microbiome tests, preferences, care
// resources and places. Pets only reach these resolvers through me.pets and me.petByPetNum, which
// check access; every read goes through a per-request DataLoader, so a list of dogs costs one
// query per field group, not one per dog.
import type { SchemaModule } from '../graphql/module.js';
import { wolfinessContext } from '../shared/wolfiness.js';
import { resultsTypeDefs } from './schema-types.js';
import { petSettingsTypeDefs } from './schema-types-settings.js';

const typeDefs = `${petSettingsTypeDefs}\n${resultsTypeDefs}`;
import type { GraphqlContext } from '../graphql/context.js';
import type { Pet } from '../pets/queries.js';
import type { AgeTestRow, LocationRow } from '../pets/loaders.js';
import { safeReportUrl } from '../microbiome/rules.js';
import type { BreedMixView } from './breed-mix.js';
import type { DisplayBreed } from './breed-mix-rules.js';
import type { StoredGeneticStats } from './genetic-stats.js';
import { CALL_LABELS, SEVERITY_LABELS, modeOfInheritanceWords, type HealthCondition } from './health-rules.js';
import { lifeStageFor } from '../shared/life-stage.js';
import { currentSwab } from './current-swab.js';
import { WOLFINESS_CAP, formatPredictedWeight, formatWolfiness } from '../shared/genetic-stats-rules.js';



const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : value instanceof Date ? value.toISOString() : String(value));
const tenth = (x: number) => Math.round(x * 10) / 10;

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
    wolfinessContext: ({ stats }: GenotypeSource) => wolfinessContext(stats?.wolfiness ?? null),
    coi: ({ stats }: GenotypeSource) => stats?.coi ?? null,
    predictedCoatColour: ({ stats }: GenotypeSource) => stats?.predictedCoatColour ?? null,
  },
  Ancestry: {
    breeds: ({ mix }: AncestrySource) => mix.breeds.map(toAncestryBreed),
    traceBreeds: ({ mix }: AncestrySource) => mix.traceBreeds.map(toAncestryBreed),
    breedMixScenario: ({ mix }: AncestrySource) => mix.breedMixScenario,
    breedMixScenarioText: ({ mix }: AncestrySource) => mix.breedMixScenarioText,
    breedMixName: ({ mix }: AncestrySource) => mix.breedMixName,
    similarPets: ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => loaders.similarPets.load(pet.petNum),
    familyTree: ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => loaders.familyTree.load(pet.petNum),
    maternalHaplotype: async ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => (await loaders.haplotypes.load(pet.petNum)).maternal,
    paternalHaplotype: async ({ pet }: AncestrySource, _args: unknown, { loaders }: GraphqlContext) => (pet.sex?.trim() === 'f' ? null : (await loaders.haplotypes.load(pet.petNum)).paternal),
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
