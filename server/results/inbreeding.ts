// How the health page reports genomic inbreeding (the lab reports it beside the health results, as a
// fraction such as 0.0107 for a first-cross mix and 0.169 for a purebred).

export interface InbreedingText {
  /** The fraction with four decimals, as the lab's export gives it. */
  fraction: string;
  /** The same as a percent with one decimal. */
  percent: string;
  level: 'low' | 'moderate' | 'high';
}

/** Rough bands for owners: an outbred mix sits near 0, many purebreds between 0.1 and 0.3. */
export const INBREEDING_BANDS = { moderateFrom: 0.0625, highFrom: 0.25 } as const;

export const INBREEDING_EXPLANATION =
  'The coefficient of inbreeding (COI) is the share of the genome in long runs where both copies are identical because ' +
  'they came from one ancestor on both sides of the family. It is measured from the DNA, not from a pedigree. ' +
  'A mix of unrelated breeds sits near 0; many purebreds are between 0.1 and 0.3; a litter of two siblings would be about 0.25 more.';

export function inbreedingText(coi: number): InbreedingText {
  const level = coi >= INBREEDING_BANDS.highFrom ? 'high' : coi >= INBREEDING_BANDS.moderateFrom ? 'moderate' : 'low';
  return { fraction: coi.toFixed(4), percent: `${(coi * 100).toFixed(1)}%`, level };
}
