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

/**
 * Runs of homozygosity (genomicInbreeding): one parameter set for our panel and for real arrays,
 * calibrated on three real 215k-230k-marker exports against the COI their lab published (issue 17:
 * 0.00134, 0.00178 and 0.169; measured 0.0031, 0.0044 and 0.1683). What decides is the minimum
 * length: counting runs from 1 Mb gives the mixed dogs 0.016-0.020, several times the lab's value,
 * because short runs are old breed background shared by all dogs rather than recent inbreeding;
 * from 2 Mb every error tolerance and evidence level tried (e 0.001-0.01, drop 5-15, score 10-20)
 * stays within 0.005 of the published values.
 */
export const ROH_PARAMETERS = {
  /** Error tolerance: chance a call in a true run reads heterozygous (array genotyping error and new mutations). */
  genotypeError: 0.003,
  /** Allele frequencies are kept inside these bounds. */
  frequencyFloor: 0.02,
  /** A run ends once its score falls this far (nats) below its best: about two heterozygotes close together. */
  dropScore: 10,
  /** Marker density: a run needs this much evidence (nats; about 57 homozygous array SNPs, e^20 to 1). */
  minScore: 20,
  /** A run must be at least this long to count: long runs only, as the lab reports COI (recent inbreeding). */
  minRunBp: 2_000_000,
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

/**
 * Relatives on real arrays (king.ts): stretches shared on at least one copy (no opposite
 * homozygotes), measured on families simulated from the real exports on an unseen array version
 * (test/support/array-family.ts, seeds 17-31) and on the three real unrelated exports: unrelated
 * 0.02-0.09, half siblings 0.49-0.64, full siblings 0.68-0.86, pups of a full-sibling mating
 * 0.72-0.95, parent and offspring 1. On the simulator's breeds (fewer founders, 60k markers) the
 * shares run higher (strangers about 0.2, half siblings 0.60-0.74), hence the KING gate as well.
 */
export const ARRAY_RELATIVE_PARAMETERS = {
  /** Shorter stretches are breed background (unrelated dogs' stretches are a fraction of a megabase). */
  minStretchBp: 5_000_000,
  /** An IBS0 marker with no other within this many compared markers is read as a genotyping error. */
  errorWindowMarkers: 20,
  /** A share of one copy raising KING-robust's close or extended family to immediate family. */
  immediateAtLeast: 0.75,
} as const;

export const LINEAGE_PARAMETERS = {
  /** A branch of the maternal or paternal tree still fits with this many of its defining markers missing. */
  maxMissingPerBranch: 2,
} as const;
