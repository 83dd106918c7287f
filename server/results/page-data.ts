// What each results page shows, loaded from the query modules (the route handlers hold no SQL).
import type { Db } from '../db/index.js';
import { galleryForPage } from '../media/page-data.js';
import type { Pet } from '../pets/queries.js';
import { RELATEDNESS_CATEGORIES } from '../genetics/compute/relatedness.js';
import { geneticStatsProps, loadGeneticStatsForPets } from './genetic-stats.js';
import { INBREEDING_EXPLANATION, inbreedingText } from './inbreeding.js';
import { loadBreedMix } from './breed-mix.js';
import { DONUT, donutSegments, percentRing } from './breed-mix-rules.js';
import { loadBreedInfo, loadSimilarPets } from './breed-info.js';
import { loadFamilyTree } from './family-tree.js';
import { HAPLOTYPE_WORDS, haplotypeLines, loadHaplotypes } from './haplotypes.js';
import { loadHealthResults, type HealthFilter } from './health.js';
import { CALL_LABELS, CARRIER_VERSUS_AT_RISK, SEVERITY_LABELS, healthCounts, healthSections, modeOfInheritanceWords } from './health-rules.js';
import { loadPredictedCoatColour, loadTraits } from './traits.js';
import { loadProfileDetails } from './profile.js';
import { loadCareResources, loadResearchSurveys } from './research-and-care.js';
import { hasCurrentGenotype, resultsStatus } from './status.js';
import type { SiteLinks } from '../settings.js';
import { latestAgeTest } from '../age-test/queries.js';
import { ageTestProductUrl } from '../age-test/rules.js';
import { listMicrobiomeTests } from '../microbiome/queries.js';
import { loadCarePreferences } from '../care/queries.js';
import { relativesOf } from '../relatives/queries.js';
import { relativesPreview } from '../relatives/rules.js';
import { RELATIVES_CHAT, RELATIVES_NEW, RELATIVES_NONE } from '../shared/messages.js';
import { shouldShowCareResourcesFeedback } from '../care/feedback.js';
import { CARE_FEEDBACK_CHIPS, CARE_FEEDBACK_MAX_TEXT, carePageId } from '../care/rules.js';

export interface PageContext {
  db: Db;
  pet: Pet;
  isOwner: boolean;
  isAdmin: boolean;
  /** An owner with edit permission on a writable account. */
  isEditable?: boolean;
  userId?: number;
  links?: SiteLinks;
}

/** Helpers every results view uses. */
export const healthWords = { CALL_LABELS, SEVERITY_LABELS, CARRIER_VERSUS_AT_RISK, INBREEDING_EXPLANATION, modeOfInheritanceWords };

export async function profilePage({ db, pet, isEditable = false, userId }: PageContext) {
  const [status, details, geneticStats, gallery] = await Promise.all([
    resultsStatus(db, pet.petNum),
    loadProfileDetails(db, pet),
    geneticStatsProps(db, pet, { isPublic: false }),
    // The owner's gallery (issue 12): everyone who reads the dog here also reads its documents.
    galleryForPage(db, pet, { userId: userId ?? null, canEdit: isEditable, withDocuments: true }),
  ]);
  return { status, details, geneticStats, gallery };
}

export async function summaryPage({ db, pet, isOwner, isEditable = false, links }: PageContext) {
  const status = await resultsStatus(db, pet.petNum);
  const [ageTest, microbiomeTests] = await Promise.all([latestAgeTest(db, pet.petNum), listMicrobiomeTests(db, pet.petNum)]);
  const [breedMix, health, traits, coatColour, geneticStats, tested] = await Promise.all([
    loadBreedMix(db, pet.petNum),
    loadHealthResults(db, pet.petNum),
    loadTraits(db, pet.petNum),
    loadPredictedCoatColour(db, pet.petNum),
    geneticStatsProps(db, pet, { isPublic: false }),
    isOwner ? hasCurrentGenotype(db, pet.petNum) : Promise.resolve(false),
  ]);
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
  const [status, breedMix, familyTree, haplotypes] = await Promise.all([
    resultsStatus(db, pet.petNum),
    loadBreedMix(db, pet.petNum),
    loadFamilyTree(db, pet),
    loadHaplotypes(db, pet.petNum),
  ]);
  const [breedInfo, similarPets] = breedMix
    ? await Promise.all([loadBreedInfo(db, pet, breedMix.breeds), loadSimilarPets(db, pet, breedMix.topBreed?.breedId ?? null)])
    : [[], []];
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
  const [status, conditions, stats] = await Promise.all([resultsStatus(db, pet.petNum), loadHealthResults(db, pet.petNum, filter), loadGeneticStatsForPets(db, [pet.petNum])]);
  const coi = stats.get(pet.petNum)?.coi ?? null;
  return { status, conditions, sections: healthSections(conditions), counts: healthCounts(conditions), filter, showOfaReport: pet.showOfaReport, health: healthWords, inbreeding: coi === null ? null : inbreedingText(coi) };
}

export async function traitsPage({ db, pet }: PageContext) {
  const [status, categories, coatColour] = await Promise.all([resultsStatus(db, pet.petNum), loadTraits(db, pet.petNum), loadPredictedCoatColour(db, pet.petNum)]);
  return { status, categories, coatColour };
}

export async function relativesPage({ db, pet, userId }: PageContext) {
  const status = await resultsStatus(db, pet.petNum);
  // Issue 20: the first page is rendered here, so it shows before (and without) scripts; the widget takes over.
  const preview = pet.showRelativeFinder && status.hasResults ? relativesPreview(await relativesOf(db, pet.petNum, userId ?? null)) : null;
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
  const pageId = carePageId(pet.petNum);
  const [status, resources, preferences, showFeedback] = await Promise.all([
    resultsStatus(db, pet.petNum),
    loadCareResources(db, pet.petNum),
    loadCarePreferences(db, pet.petNum),
    userId ? shouldShowCareResourcesFeedback(db, userId, pageId) : Promise.resolve(false),
  ]);
  return {
    status,
    resources,
    preferences,
    // spec 1 §7: preferences are edited with updatePetPreferences, in the data settings of the pet's settings.
    settingsHref: isEditable ? `/members/pet/about/${pet.petNum}#data-settings` : null,
    careFeedback: showFeedback ? { chips: CARE_FEEDBACK_CHIPS, maxText: CARE_FEEDBACK_MAX_TEXT } : null,
  };
}
