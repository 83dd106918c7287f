// What the vet report says about a dog (issue 13 point 2), gathered from the results query modules.
import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { readPet } from '../pets/reads.js';
import { BREED_MIX, type BreedMixView } from '../results/breed-mix.js';
import { HEALTH_RESULTS } from '../results/health.js';
import { CALL_LABELS, SEVERITY_LABELS, compareHealthResults, conditionLabels, modeOfInheritanceWords, type HealthCondition } from '../results/health-rules.js';
import { GENETIC_STATS_READS, geneticStatsFacts, geneticStatsProps } from '../results/genetic-stats.js';
import { inbreedingText, INBREEDING_BANDS, type InbreedingText } from '../results/inbreeding.js';
import { TRAITS } from '../results/traits.js';
import { LIFE_STAGE_LABELS } from '../shared/life-stage.js';

/** Traits that change how a dog is cared for (airway, spine, weight, hearing and eyes, skin, coat care). */
const CARE_TRAITS = ['Muzzle Length', 'Chondrodysplasia', 'Appetite', 'M Locus', 'Hairlessness', 'Shedding', 'Coat Length', 'Altitude Adaptation'];

/** spec 2 §3 health results: what a call means for the dog's care, in a clinic's words. */
export const CARE_MEANING: Partial<Record<HealthCondition['call'], string>> = {
  at_risk: 'At risk: the dog has the genotype linked to this condition. Consider screening for it, watch for its early signs, and take it into account in treatment and anaesthesia plans.',
  carrier: 'Carrier: one copy of the variant. The dog is not expected to be affected by a recessive condition, but can pass the variant on; relevant for breeding decisions.',
};

export interface ReportCondition {
  name: string;
  /** The name, with the variant when another condition of the catalogue has the same name (the health page tells them apart by their variant). */
  label: string;
  variant: string | null;
  call: string;
  callLabel: string;
  severity: string;
  gene: string;
  inheritance: string;
  careMeaning: string | null;
  description: string;
  isBreedRelevant: boolean;
}

export interface VetReport {
  pet: Pick<Pet, 'name' | 'callName' | 'sex' | 'dateOfBirth' | 'dateOfBirthPrecision' | 'isDateOfBirthEstimated' | 'breedType'>;
  owner: { name: string; email: string } | null;
  breedMix: BreedMixView | null;
  /** At risk first, then carrier, then the rest. */
  conditions: ReportCondition[];
  counts: { atRisk: number; carrier: number; clear: number; total: number };
  inbreeding: (InbreedingText & { bands: typeof INBREEDING_BANDS }) | null;
  /** lifeStage: its label, as the genetic stats page words it ('Mature Adult'). */
  stats: { lifeStage: string | null; predictedWeightLbs: number | null; wolfiness: number | null; coatColour: string | null };
  traits: { name: string; genotype: string | null; meaning: string }[];
  swab: { code: string; activatedAt: Date | null; releasedAt: Date | null } | null;
  /** The results come from another lab's DNA file: no breed mix, weight nor wolfiness, and health results only where its markers reach. */
  fromOtherLabsFile: boolean;
  /** The paper size: Letter for North American owners, A4 for everyone else. */
  paper: 'LETTER' | 'A4';
}

async function ownerOf(db: Db, petNum: number): Promise<{ name: string; email: string; countryCode: string } | null> {
  const owner = await db('pet_owners')
    .join('users', 'users.id', 'pet_owners.user_id')
    .where('pet_owners.pet_num', petNum)
    .orderBy('pet_owners.is_primary', 'desc')
    .orderBy('pet_owners.created_at')
    .first({ name: 'users.name', email: 'users.email', countryCode: 'users.country_code' });
  if (owner) return owner;
  // A patient the practice registered before its client had an account.
  const client = await db('practice_patients').where({ pet_num: petNum }).whereNotNull('client_name').orderBy('id').first('client_name', 'client_email');
  return client ? { name: client.client_name, email: client.client_email ?? '', countryCode: 'US' } : null;
}

export async function loadVetReport(db: Db, pet: Pet): Promise<VetReport> {
  const [owner, { breedMix, health, labStats, statsAgeTest, traits }, swab] = await Promise.all([
    ownerOf(db, pet.petNum),
    readPet(db, pet, { breedMix: BREED_MIX, health: HEALTH_RESULTS, ...GENETIC_STATS_READS, traits: TRAITS }),
    db('swabs')
      .where({ pet_num: pet.petNum, is_methylation: false })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .first('swab_code', 'activated_at', db.raw('coalesce(health_results_released_at, breed_results_released_at) as released_at')),
  ]);
  const statsFacts = geneticStatsFacts({ labStats, statsAgeTest });
  const stored = statsFacts.stats;
  const { fromOtherLabsFile } = statsFacts;
  const geneticStats = geneticStatsProps(pet, statsFacts, { isPublic: false });
  const sorted = [...health].sort(compareHealthResults);
  const labels = conditionLabels(sorted);
  return {
    pet: {
      name: pet.name,
      callName: pet.callName,
      sex: pet.sex,
      dateOfBirth: pet.dateOfBirth,
      dateOfBirthPrecision: pet.dateOfBirthPrecision,
      isDateOfBirthEstimated: pet.isDateOfBirthEstimated,
      breedType: pet.breedType,
    },
    owner: owner ? { name: owner.name, email: owner.email } : null,
    breedMix,
    conditions: sorted.map((c, i) => ({
      name: c.name,
      label: labels[i],
      variant: c.variant,
      call: c.call,
      callLabel: CALL_LABELS[c.call],
      severity: SEVERITY_LABELS[c.severity],
      gene: c.gene,
      inheritance: modeOfInheritanceWords(c.modeOfInheritance),
      careMeaning: CARE_MEANING[c.call] ?? null,
      description: c.description,
      isBreedRelevant: c.isBreedRelevant,
    })),
    counts: {
      atRisk: health.filter((c) => c.call === 'at_risk').length,
      carrier: health.filter((c) => c.call === 'carrier').length,
      clear: health.filter((c) => c.call === 'clear').length,
      total: health.length,
    },
    inbreeding: stored?.coi == null ? null : { ...inbreedingText(stored.coi), bands: INBREEDING_BANDS },
    stats: {
      lifeStage: geneticStats?.lifeStage ? LIFE_STAGE_LABELS[geneticStats.lifeStage] : null,
      predictedWeightLbs: stored?.predictedWeightLbs ?? null,
      wolfiness: stored?.wolfiness ?? null,
      coatColour: stored?.predictedCoatColour ?? null,
    },
    traits: traits
      .flatMap((category) => category.traits)
      .filter((trait) => trait.isTested && CARE_TRAITS.some((name) => trait.name.startsWith(name)))
      .map((trait) => ({ name: trait.name, genotype: trait.genotype, meaning: trait.meaning })),
    swab: swab ? { code: swab.swab_code, activatedAt: swab.activated_at ?? null, releasedAt: swab.released_at ?? null } : null,
    fromOtherLabsFile,
    paper: owner && ['US', 'CA', 'MX'].includes(owner.countryCode) ? 'LETTER' : 'A4',
  };
}
