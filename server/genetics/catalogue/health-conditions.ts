import { BLOOD_EYE_KIDNEY_ROWS } from './health-conditions-blood-eye-kidney.js';
import { healthConditionFromRow } from './health-condition-row.js';
import { NERVE_MUSCLE_SKIN_ROWS } from './health-conditions-nerve-muscle-skin.js';
import type { HealthCondition } from './types.js';

export const HEALTH_CONDITIONS: readonly HealthCondition[] = [
  ...BLOOD_EYE_KIDNEY_ROWS,
  ...NERVE_MUSCLE_SKIN_ROWS,
].map(healthConditionFromRow);

const byId = new Map(HEALTH_CONDITIONS.map((c) => [c.id, c]));

export function healthConditionById(id: string): HealthCondition | undefined {
  return byId.get(id);
}
