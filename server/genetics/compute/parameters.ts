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

/** Breed mix: the candidate screen and the EM on the candidates. */
export const ANCESTRY_PARAMETERS = {
  /** Markers ancestry uses: the most informative autosomal SNPs of the reference panel. */
  maxMarkers: 12000,
  /** Consecutive markers scored together when the screen looks for the breed of each stretch. */
  windowMarkers: 40,
  /** Most candidate populations the EM is run on. */
  maxCandidates: 12,
  /** A population must be the best match of at least this many windows to be a candidate on that ground. */
  minWindowWins: 2,
  /** Populations with the highest whole-genome likelihood that are always candidates. */
  topByLikelihood: 3,
  maxIterations: 300,
  /** EM rounds on every candidate before those under pruneBelow are dropped. */
  roundsBeforePruning: 4,
  pruneBelow: 0.002,
  /** After the EM, populations outside the set that would raise the likelihood by more than this (per allele) are added. */
  minGainToAdd: 0.01,
  maxAddedPerRound: 6,
  maxAddRounds: 5,
  /** The final check for missing populations is skipped when converging moved no share by more than this. */
  recheckAfterMoving: 0.01,
  /** Starting share of a population added after the screen. */
  addedShare: 0.02,
  /** EM stops when no share moves by more than this (shares are shown to 0.1%). */
  tolerance: 1e-4,
  /** Fewer usable autosomal markers than this and ancestry is not estimated. */
  minimumMarkers: 500,
} as const;

export const SEX_CHECK_PARAMETERS = {
  /** CanFam3.1 X pseudoautosomal region (about the first 6.6 Mb), where males are heterozygous too. */
  pseudoautosomalEndBp: 6_650_000,
  minXMarkers: 20,
  /** X heterozygosity as a share of autosomal heterozygosity: males near 0, females near 1. */
  maleAtMostRatio: 0.1,
  femaleAtLeastRatio: 0.35,
} as const;

export const RELATIVE_SCREEN_PARAMETERS = {
  /** Autosomal SNPs packed for the screen (evenly spread); 2,048 make 64 words a bitset. */
  screenMarkers: 2048,
  /** First cousins have kinship 1/16 but vary widely (simulated ones from 0.015); unrelated dogs of one breed scatter around 0. */
  minKinship: 0,
} as const;

export const LINEAGE_PARAMETERS = {
  /** A branch of the maternal or paternal tree still fits with this many of its defining markers missing. */
  maxMissingPerBranch: 2,
} as const;
