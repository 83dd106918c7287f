export interface LabOptions {
  /** Seed of the simulated world the reference breeds come from; fixed for a deployment. */
  seed: number;
  /** Autosomal SNPs on the simulated panel (a real array has ~230,000). */
  panelSize: number;
}

export const DEFAULT_LAB_OPTIONS: LabOptions = { seed: 20261121, panelSize: 8000 };

export function labOptionsFromEnv(env: Record<string, string | undefined>): LabOptions {
  const seed = Number(env.LAB_SEED ?? DEFAULT_LAB_OPTIONS.seed);
  const panelSize = Number(env.MARKER_PANEL_SIZE ?? DEFAULT_LAB_OPTIONS.panelSize);
  if (!Number.isSafeInteger(seed)) throw new Error('LAB_SEED must be an integer');
  if (!Number.isSafeInteger(panelSize) || panelSize < 1000 || panelSize > 300_000) throw new Error('MARKER_PANEL_SIZE must be between 1000 and 300000');
  return { seed, panelSize };
}
