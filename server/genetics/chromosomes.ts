/**
 * Dog chromosomes as PLINK numbers them in real exports: 1–38 autosomes, 39 = X, 40 = Y,
 * 41 = XY (the pseudo-autosomal region: diploid in both sexes, so neither X for the sex check nor
 * a lineage), 42 = mitochondria, 0 = unplaced.
 */
export const X_CHROMOSOME = 39;
export const Y_CHROMOSOME = 40;
export const XY_CHROMOSOME = 41;
export const MT_CHROMOSOME = 42;
export const LAST_CHROMOSOME = MT_CHROMOSOME;

/** Length of the dog's mitochondrial genome (CanFam3.1 chrM). */
export const MT_LENGTH_BP = 16727;

/** The Y and the mitochondria pass whole from one parent: haploid, never recombining. */
export const isLineageChromosome = (chromosome: number): boolean => chromosome === Y_CHROMOSOME || chromosome === MT_CHROMOSOME;

/** CanFam3.1 chromosome lengths in base pairs, index = chromosome number. */
export const CHROMOSOME_LENGTH_BP: readonly number[] = [
  0, 122678785, 85426708, 91889043, 88276631, 88915250, 77573801, 80974532, 74330416, 61074082,
  69331447, 74389097, 72498081, 63241923, 60966679, 64190966, 59632846, 64289059, 55844845,
  53741614, 58134056, 50858623, 61439934, 52294480, 47698779, 51628933, 38964690, 45876710,
  41182112, 41845238, 40214260, 39895921, 38810281, 31377067, 42124431, 26524999, 30810995,
  30902991, 23914537, 123869142,
];

export const AUTOSOMES: readonly number[] = Array.from({ length: 38 }, (_, i) => i + 1);
export const SIMULATED_CHROMOSOMES: readonly number[] = [...AUTOSOMES, X_CHROMOSOME];

/** Recombination rate of the simple genetic map the engine assumes (about 1 cM per Mb in dogs). */
export const CM_PER_MB = 1.0;

export function centimorgans(chromosome: number, positionBp: number): number {
  if (isLineageChromosome(chromosome)) return 0;
  return (positionBp / 1e6) * CM_PER_MB;
}

export function chromosomeLengthCm(chromosome: number): number {
  return centimorgans(chromosome, CHROMOSOME_LENGTH_BP[chromosome] ?? 0);
}

export const AUTOSOMAL_LENGTH_BP = AUTOSOMES.reduce((sum, c) => sum + CHROMOSOME_LENGTH_BP[c], 0);
export const AUTOSOMAL_LENGTH_CM = AUTOSOMES.reduce((sum, c) => sum + chromosomeLengthCm(c), 0);

export function chromosomeLabel(chromosome: number): string {
  if (chromosome === X_CHROMOSOME) return 'X';
  if (chromosome === Y_CHROMOSOME) return 'Y';
  if (chromosome === XY_CHROMOSOME) return 'XY';
  if (chromosome === MT_CHROMOSOME) return 'MT';
  return String(chromosome);
}
