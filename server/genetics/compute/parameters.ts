/** Every tunable of segment detection in one place (shared IBD segments and runs of homozygosity). */
export const SEGMENT_PARAMETERS = {
  /** Chance a call is wrong, so one odd marker does not break a segment. */
  genotypeError: 0.01,
  /** Allele frequencies are kept inside these bounds. */
  frequencyFloor: 0.02,
  /** Prior share of the genome a pair shares on one chromosome (IBD1) and on both (IBD2). */
  ibdPrior: [0.5, 0.35, 0.15] as const,
  /** How often, per cM, the hidden sharing state may change. */
  ibdSwitchPerCm: 0.02,
  /** Shorter shared segments are ignored: they are old background shared by the whole breed. */
  minSharedSegmentCm: 4,
  minSharedSegmentMarkers: 6,
} as const;

export const ROH_PARAMETERS = {
  genotypeError: 0.01,
  frequencyFloor: 0.02,
  /** Prior share of the genome in runs of homozygosity. */
  autozygousPrior: 0.1,
  switchPerCm: 0.03,
  /** A run must be at least this long to count (lab convention: 1 Mb). */
  minRunBp: 1_000_000,
  /** ... and hold at least this many markers, so sparse arrays do not invent runs. */
  minRunMarkers: 5,
} as const;
