// The SDL of the Pet results fields; their resolvers are in schema.ts.
export const resultsTypeDefs = /* GraphQL */ `
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

  "A maternal (mitochondrial) or paternal (Y) lineage, as the lab called it from the sample's Y and mitochondrial markers."
  type Haplotype {
    "maternal or paternal."
    lineage: String!
    "called, no_call (markers tested but no known branch fits) or not_tested (the sample has none of the lineage's markers)."
    call: String!
    "The haplotype, e.g. A17 (maternal) or H1a.48 (paternal); null unless called, or when the markers stop at the haplogroup."
    haplotype: String
    "The haplogroup it belongs to, e.g. A1e (maternal) or A1a (paternal); null unless called."
    haplogroup: String
    "The branches of the lineage tree from the clade down, e.g. [A, A1, A1e, A17]; empty unless called."
    branches: [String!]!
    "What the results page says, e.g. 'A17 (haplogroup A1a)' or 'not tested on this sample'."
    displayText: String!
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
    "Maternal lineage (mitochondrial haplotype); null only for results computed before lineages were typed."
    maternalHaplotype: Haplotype
    "Paternal lineage (Y haplotype) of a male; null for females, who have no Y."
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
