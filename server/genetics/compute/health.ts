import type { HealthCondition } from '../catalogue/types.js';
import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';

export type HealthStatus = 'clear' | 'carrier' | 'atRisk' | 'noCall' | 'notTested';

export interface HealthCall {
  conditionId: string;
  status: HealthStatus;
  /** Wording of the results export, e.g. "carrier, heterozygote recessive". */
  resultText: string;
  /** Copies of the risk allele, or null when not called. */
  riskAlleleCopies: number | null;
  isBreedRelevant: boolean;
}

/** What a number of risk-allele copies means under each mode of inheritance (males carry one X). */
export function healthStatusFor(condition: Pick<HealthCondition, 'moi'>, copies: number, sex: 'm' | 'f'): { status: HealthStatus; resultText: string } {
  if (copies === 0) return { status: 'clear', resultText: 'clear' };
  switch (condition.moi) {
    case 'autosomal recessive':
      return copies === 1
        ? { status: 'carrier', resultText: 'carrier, heterozygote recessive' }
        : { status: 'atRisk', resultText: 'at risk, homozygote recessive' };
    case 'autosomal dominant':
      return { status: 'atRisk', resultText: copies === 1 ? 'at risk, heterozygote dominant' : 'at risk, homozygote dominant' };
    case 'incomplete dominant':
      return { status: 'atRisk', resultText: copies === 1 ? 'at risk, heterozygote incomplete dominance' : 'at risk, homozygote incomplete dominance' };
    case 'X-linked recessive':
      if (sex === 'm') return { status: 'atRisk', resultText: 'at risk, hemizygote X-linked' };
      return copies === 1
        ? { status: 'carrier', resultText: 'carrier, heterozygote X-linked' }
        : { status: 'atRisk', resultText: 'at risk, homozygote X-linked' };
  }
}

/** A condition is breed relevant when one of the dog's breeds (at least the given share) is known to carry it. */
export function isBreedRelevant(condition: Pick<HealthCondition, 'breedSlugs'>, breedShares: ReadonlyMap<string, number>, minShare = 0.05): boolean {
  return condition.breedSlugs.some((slug) => (breedShares.get(slug) ?? 0) >= minShare);
}

export function healthCall(panel: MarkerPanel, calls: Calls, condition: HealthCondition, sex: 'm' | 'f', breedShares: ReadonlyMap<string, number>): HealthCall {
  const index = panel.indexById.get(condition.id);
  const relevant = isBreedRelevant(condition, breedShares);
  if (index === undefined) return { conditionId: condition.id, status: 'notTested', resultText: 'not tested on this sample', riskAlleleCopies: null, isBreedRelevant: relevant };
  const g = calls[index];
  if (g === NO_CALL) return { conditionId: condition.id, status: 'noCall', resultText: 'no call', riskAlleleCopies: null, isBreedRelevant: relevant };
  const copies = condition.moi === 'X-linked recessive' && sex === 'm' ? Math.min(1, g) : g;
  return { conditionId: condition.id, ...healthStatusFor(condition, copies, sex), riskAlleleCopies: copies, isBreedRelevant: relevant };
}

export function healthCalls(panel: MarkerPanel, calls: Calls, conditions: readonly HealthCondition[], sex: 'm' | 'f', breedShares: ReadonlyMap<string, number>): HealthCall[] {
  return conditions.map((c) => healthCall(panel, calls, c, sex, breedShares));
}
