import { HEALTH_CONDITIONS } from '../genetics/catalogue/health-conditions.js';
import { conditionLabels } from './health-rules.js';

type Named = { name: string; gene: string; variant: string | null };
const keyOf = (c: Named) => `${c.name}\u0000${c.gene}\u0000${c.variant ?? ''}`;

// The panel tests some conditions in several variants under one name: those are labelled with their variant.
const LABELS = new Map(conditionLabels(HEALTH_CONDITIONS).map((label, i) => [keyOf(HEALTH_CONDITIONS[i]), label]));

/** "Pyruvate Kinase Deficiency (Exon 7, Pug Variant)" for a condition whose name another condition of the panel has; the name elsewhere. */
export const healthConditionLabel = (c: Named): string => LABELS.get(keyOf(c)) ?? c.name;
