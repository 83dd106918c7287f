import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { genomicInbreeding, type RunOfHomozygosity } from './inbreeding.js';
import { sharedDna, type SharedSegment } from './shared-segments.js';

interface Stretch {
  startBp: number;
  endBp: number;
}

/** Markers whose genotypes in both parents are the same for a stretch to read as one haplotype carried twice (both copies shared). */
const IDENTICAL_GENOTYPES = 0.98;

/**
 * A pup homozygous wherever its parents could give it one allele twice, heterozygous where they
 * cannot (one parent homozygous for each allele): the longest runs of homozygosity a pup of the pair
 * can have. The lab's run finder on it tells which stretches are long and telling enough to count.
 */
function likeliestAutozygousPup(sire: Calls, dam: Calls): Uint8Array {
  const pup = new Uint8Array(sire.length);
  for (let j = 0; j < sire.length; j++) {
    const [s, d] = [sire[j], dam[j]];
    if (s === NO_CALL || d === NO_CALL) pup[j] = NO_CALL;
    else if (s !== 1 && d !== 1 && s !== d) pup[j] = 1;
    else pup[j] = s !== 1 ? s : d !== 1 ? d : 0;
  }
  return pup;
}

/** The pup's breed background: each marker's frequency the mean of its parents'. */
function pupBackground(sire: Float32Array, dam: Float32Array): Float32Array {
  const out = new Float32Array(sire.length);
  for (let j = 0; j < sire.length; j++) out[j] = (sire[j] + dam[j]) / 2;
  return out;
}

const onChromosome = <T extends { chromosome: number }>(items: readonly T[], chromosome: number) => items.filter((item) => item.chromosome === chromosome);
const within = <T extends Stretch>(items: readonly T[], at: number) => items.find((item) => item.startBp <= at && at < item.endBp);

function identicalShare(panel: MarkerPanel, sire: Calls, dam: Calls, chromosome: number, run: Stretch): number {
  const range = panel.ranges.find((r) => r.chromosome === chromosome);
  let compared = 0;
  let identical = 0;
  for (let j = range?.start ?? 0; j < (range?.end ?? 0); j++) {
    if (panel.positions[j] < run.startBp || panel.positions[j] > run.endBp || sire[j] === NO_CALL || dam[j] === NO_CALL) continue;
    compared++;
    if (sire[j] === dam[j]) identical++;
  }
  return compared ? identical / compared : 0;
}

/**
 * Of the four ways a pup takes one copy from each parent, the share that gives it one haplotype
 * twice: all four where both parents are autozygous (a run of homozygosity each), two where one is,
 * and where neither is, one where they share a copy by descent and two where they share both. A
 * stretch they share neither way (a chance run of common alleles) gives a pup no run of its own.
 */
function chanceAutozygous(inSireRun: boolean, inDamRun: boolean, segment: SharedSegment | undefined, identical: boolean): number {
  if (inSireRun && inDamRun) return 1;
  if (inSireRun || inDamRun) return 0.5;
  if (!segment) return 0;
  const bothCopies = segment.lengthCm > 0 ? segment.bothCopiesCm / segment.lengthCm : 0;
  return Math.max(identical ? 0.5 : 0.25, 0.25 + 0.25 * bothCopies);
}

/** A parent as the prediction reads it: its calls on the lab's panel, its breed background and, when known, its runs of homozygosity. */
export interface OffspringCoiParent {
  calls: Calls;
  background: Float32Array;
  runs?: readonly RunOfHomozygosity[];
}

/**
 * The COI the puppies of two parents are expected to measure, as the lab measures COI on a dog
 * (the share of the autosomes in long runs of homozygosity, judged against its breed background),
 * from the parents' genotypes and breed backgrounds on the lab's panel. Breed-mates carry their
 * breed's haplotypes, so two unrelated dogs of a closed breed give inbred puppies, as they do: the
 * expectation counts the stretches a pup could carry twice, each by the chance it does. The shared
 * segments are the pair's when already found. On simulated litters
 * (test/unit/breeders/offspring-coi.test.ts) it lands within about 0.02 of the puppies' measured
 * COI, where the parents' kinship alone misses by about 0.03.
 */
export function predictOffspringCoi(panel: MarkerPanel, sire: OffspringCoiParent, dam: OffspringCoiParent, shared?: readonly SharedSegment[]): number {
  const sireRuns = sire.runs ?? genomicInbreeding(panel, sire.calls, sire.background).runs;
  const damRuns = dam.runs ?? genomicInbreeding(panel, dam.calls, dam.background).runs;
  const segments = shared ?? sharedDna(panel, sire.calls, dam.calls, sire.background, dam.background).segments;
  const pup = genomicInbreeding(panel, likeliestAutozygousPup(sire.calls, dam.calls), pupBackground(sire.background, dam.background));
  let expectedBp = 0;
  for (const run of pup.runs) {
    const sireHere = onChromosome(sireRuns, run.chromosome);
    const damHere = onChromosome(damRuns, run.chromosome);
    const sharedHere = onChromosome(segments, run.chromosome);
    const cuts = new Set([run.startBp, run.endBp]);
    for (const item of [...sireHere, ...damHere, ...sharedHere]) for (const at of [item.startBp, item.endBp]) if (at > run.startBp && at < run.endBp) cuts.add(at);
    const points = [...cuts].sort((a, b) => a - b);
    const identical = identicalShare(panel, sire.calls, dam.calls, run.chromosome, run) >= IDENTICAL_GENOTYPES;
    for (let k = 0; k + 1 < points.length; k++) {
      const middle = (points[k] + points[k + 1]) / 2;
      const chance = chanceAutozygous(Boolean(within(sireHere, middle)), Boolean(within(damHere, middle)), within(sharedHere, middle), identical);
      expectedBp += chance * (points[k + 1] - points[k]);
    }
  }
  return pup.coveredBp > 0 ? expectedBp / pup.coveredBp : 0;
}
