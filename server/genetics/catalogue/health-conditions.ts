import { BLOOD_EYE_KIDNEY_ROWS } from './health-conditions-blood-eye-kidney.js';
import { BLOOD_IMMUNE_ROWS } from './health-conditions-blood-immune.js';
import { BRAIN_ROWS } from './health-conditions-brain.js';
import { healthConditionFromRow } from './health-condition-row.js';
import { EYE_ROWS } from './health-conditions-eye.js';
import { KIDNEY_LUNG_METABOLIC_ROWS } from './health-conditions-kidney-lung-metabolic.js';
import { NERVE_MUSCLE_HEART_ROWS } from './health-conditions-nerve-muscle-heart.js';
import { NERVE_MUSCLE_SKIN_ROWS } from './health-conditions-nerve-muscle-skin.js';
import { SKIN_BONE_ROWS } from './health-conditions-skin-bone.js';
import type { HealthCondition } from './types.js';

/**
 * The conditions of the lab's panel (issue 35 §5: the 273 of shared/reference/lab-panel-facts.md;
 * its coefficient of inbreeding and MHC class II diversity rows are not conditions). The first
 * catalogue's two files come first and new files are appended, so the markers already on the
 * simulated panel keep their positions and bases.
 */
export const HEALTH_CONDITIONS: readonly HealthCondition[] = [
  ...BLOOD_EYE_KIDNEY_ROWS,
  ...NERVE_MUSCLE_SKIN_ROWS,
  ...BLOOD_IMMUNE_ROWS,
  ...EYE_ROWS,
  ...KIDNEY_LUNG_METABOLIC_ROWS,
  ...BRAIN_ROWS,
  ...NERVE_MUSCLE_HEART_ROWS,
  ...SKIN_BONE_ROWS,
].map(healthConditionFromRow);

const byId = new Map(HEALTH_CONDITIONS.map((c) => [c.id, c]));

export function healthConditionById(id: string): HealthCondition | undefined {
  return byId.get(id);
}
