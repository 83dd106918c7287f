// What each results page shows, loaded from the query modules (the route handlers hold no SQL).
import type { Db } from '../db/index.js';
import { galleryPage, galleryReadFor } from '../media/page-data.js';
import type { Pet } from '../pets/queries.js';
import { RELATEDNESS_CATEGORIES } from '../genetics/compute/relatedness.js';
import { GENETIC_STATS, GENETIC_STATS_READS, geneticStatsFacts, geneticStatsProps } from './genetic-stats.js';
import { INBREEDING_EXPLANATION, inbreedingText } from './inbreeding.js';
import { BREED_MIX } from './breed-mix.js';
import { DONUT, donutSegments, percentRing } from './breed-mix-rules.js';
import { BREED_INFO, SIMILAR_PETS } from './breed-info.js';
import { FAMILY_TREE } from './family-tree.js';
import { HAPLOTYPE_WORDS, haplotypeLines, HAPLOTYPES } from './haplotypes.js';
import { filterHealthResults, HEALTH_RESULTS, type HealthFilter } from './health.js';
import { healthConditionLabel } from './health-condition-labels.js';
import { CALL_LABELS, CARRIER_VERSUS_AT_RISK, SEVERITY_LABELS, healthCounts, healthSections, modeOfInheritanceWords } from './health-rules.js';
import { TRAITS } from './traits.js';
import { PROFILE_FACTS, profileDetails } from './profile.js';
import { loadResearchSurveys } from './research-and-care.js';
import { HAS_CURRENT_GENOTYPE, RESULTS_STATUS } from './status.js';
import { readPet, type PetRead } from '../pets/reads.js';
import type { SiteLinks } from '../settings.js';
import { LATEST_AGE_TEST } from '../age-test/queries.js';
import { ageTestProductUrl } from '../age-test/rules.js';
import { MICROBIOME_TESTS } from '../microbiome/queries.js';
import { CARE_PREFERENCES, CARE_RESOURCES } from '../care/queries.js';
import { relativesRead } from '../relatives/queries.js';
import { relativesPreview } from '../shared/relatives-rules.js';
import { RELATIVES_CHAT, RELATIVES_NEW, RELATIVES_NONE } from '../shared/messages.js';
import { careFeedbackAsked } from '../care/feedback.js';
import { CARE_FEEDBACK_CHIPS, CARE_FEEDBACK_MAX_TEXT } from '../care/rules.js';

export interface PageContext {
  db: Db;
  pet: Pet;
  isOwner: boolean;
  isAdmin: boolean;
  /** An owner with edit permission on a writable account. */
  isEditable?: boolean;
  userId?: number;
  /** Staff looking through a read-only impersonation: the page offers no change at all. */
  isReadOnlyView?: boolean;
  links?: SiteLinks;
}

/** Helpers every results view uses. */
export const healthWords = { CALL_LABELS, SEVERITY_LABELS, CARRIER_VERSUS_AT_RISK, INBREEDING_EXPLANATION, modeOfInheritanceWords, conditionLabel: healthConditionLabel };

export async function profilePage({ db, pet, isEditable = false, userId, isReadOnlyView = false }: PageContext) {
  // The owner's gallery (issue 12): everyone who reads the dog here also reads its documents.
  const galleryOptions = { userId: userId ?? null, canEdit: isEditable, canWag: userId !== undefined && !isReadOnlyView, withDocuments: true };
  const { status, labStats, statsAgeTest, profile, gallery } = await readPet(db, pet, {
    status: RESULTS_STATUS,
    ...GENETIC_STATS_READS,
    profile: PROFILE_FACTS,
    gallery: galleryReadFor(galleryOptions),
  });
  return { status, details: profileDetails(pet, profile), geneticStats: geneticStatsProps(pet, geneticStatsFacts({ labStats, statsAgeTest }), { isPublic: false }), gallery: galleryPage(pet, gallery, galleryOptions) };
}

export async function summaryPage({ db, pet, isOwner, isEditable = false, links }: PageContext) {
  const { status, ageTest, microbiomeTests, breedMix, health, traits, labStats, statsAgeTest, hasGenotype } = await readPet(db, pet, {
    status: RESULTS_STATUS,
    ageTest: LATEST_AGE_TEST,
    microbiomeTests: MICROBIOME_TESTS,
    breedMix: BREED_MIX,
    health: HEALTH_RESULTS,
    traits: TRAITS,
    ...GENETIC_STATS_READS,
    hasGenotype: HAS_CURRENT_GENOTYPE,
  });
  const coatColour = labStats.stats?.predictedCoatColour ?? null;
  const geneticStats = geneticStatsProps(pet, geneticStatsFacts({ labStats, statsAgeTest }), { isPublic: false });
  const tested = isOwner && hasGenotype;
  // Top traits: the first tested trait of each category.
  const topTraits = traits.flatMap((category) => category.traits.filter((t) => t.isTested).slice(0, 1).map((t) => ({ ...t, category: category.name })));
  return {
    status,
    breedMix,
    donut: breedMix ? { ...DONUT, segments: donutSegments(breedMix.breeds) } : null,
    healthCounts: healthCounts(health),
    notableHealth: health.filter((c) => c.call === 'at_risk' || c.call === 'carrier'),
    topTraits,
    coatColour,
    geneticStats,
    rawDataHref: tested ? `/members/pet/${pet.petNum}/raw-data` : null,
    ageTest,
    // The offer is for the dog's owners: a vet or an admin reading the page has nothing to buy.
    ageTestOfferUrl: !ageTest && isOwner && links ? ageTestProductUrl(links.shop) : null,
    canGiveAgeTestFeedback: isEditable,
    microbiomeTests,
    nutritionHref: isEditable ? `/members/nutrition?i=${pet.petNum}` : null,
  };
}

export async function breedPage({ db, pet }: PageContext) {
  const { status, breedMix, familyTree, haplotypes, breedInfo, similarPets } = await readPet(db, pet, {
    status: RESULTS_STATUS,
    breedMix: BREED_MIX,
    familyTree: FAMILY_TREE,
    haplotypes: HAPLOTYPES,
    breedInfo: BREED_INFO,
    similarPets: SIMILAR_PETS,
  });
  const ringRadius = 30;
  return {
    status,
    breedMix,
    donut: breedMix ? { ...DONUT, segments: donutSegments(breedMix.breeds) } : null,
    rings: breedMix ? breedMix.breeds.map((b) => ({ ...percentRing(b.breedPct, ringRadius), radius: ringRadius, size: 2 * ringRadius + DONUT.thickness })) : [],
    familyTree,
    haplotypes,
    haplotypeLines: haplotypeLines(haplotypes, pet.sex),
    haplotypeExplanation: HAPLOTYPE_WORDS.explanation,
    breedInfo,
    similarPets,
  };
}

export async function healthPage({ db, pet }: PageContext, filter: HealthFilter) {
  const { status, health, stats } = await readPet(db, pet, { status: RESULTS_STATUS, health: HEALTH_RESULTS, stats: GENETIC_STATS });
  const conditions = filterHealthResults(health, filter);
  const coi = stats?.coi ?? null;
  return { status, conditions, sections: healthSections(conditions), counts: healthCounts(conditions), filter, showOfaReport: pet.showOfaReport, health: healthWords, inbreeding: coi === null ? null : inbreedingText(coi) };
}

export async function traitsPage({ db, pet }: PageContext) {
  const { status, categories, stats } = await readPet(db, pet, { status: RESULTS_STATUS, categories: TRAITS, stats: GENETIC_STATS });
  return { status, categories, coatColour: stats?.predictedCoatColour ?? null };
}

export async function relativesPage({ db, pet, userId }: PageContext) {
  const { status, relatives } = await readPet(db, pet, { status: RESULTS_STATUS, relatives: relativesRead(userId ?? null) });
  // Issue 20: the first page is rendered here, so it shows before (and without) scripts; the widget takes over.
  const preview = pet.showRelativeFinder && status.hasResults ? relativesPreview(relatives) : null;
  return {
    status,
    categories: RELATEDNESS_CATEGORIES,
    relativesWidget: preview ? { petNum: pet.petNum, preview } : null,
    relativesMessages: { RELATIVES_NONE, RELATIVES_NEW, RELATIVES_CHAT },
  };
}

export async function researchPage({ db, pet, isAdmin }: PageContext) {
  return { surveyCategories: await loadResearchSurveys(db, pet.petNum, isAdmin) };
}

export async function carePage({ db, pet, isEditable = false, userId }: PageContext) {
  const { status, resources, preferences, feedbackAsked } = await readPet(db, pet, {
    status: RESULTS_STATUS,
    resources: CARE_RESOURCES,
    preferences: CARE_PREFERENCES,
    feedbackAsked: userId ? careFeedbackAsked(userId) : NOT_ASKED,
  });
  return {
    status,
    resources,
    preferences,
    // spec 1 §7: preferences are edited with updatePetPreferences, in the data settings of the pet's settings.
    settingsHref: isEditable ? `/members/pet/about/${pet.petNum}#data-settings` : null,
    careFeedback: feedbackAsked ? { chips: CARE_FEEDBACK_CHIPS, maxText: CARE_FEEDBACK_MAX_TEXT } : null,
  };
}

const NOT_ASKED: PetRead<boolean> = { queries: () => ({}), assemble: () => new Map(), missing: () => false };
