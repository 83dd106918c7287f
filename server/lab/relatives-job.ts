// Relative matching after a release, as jobs: the dog is compared with the stored dogs in ranges of
// genotype ids, one job a range, so several workers scan a large population in parallel. The last
// range is open-ended, so a dog released at the same time as this one is compared with it by
// whichever of the two releases commits last.
import type { Db } from '../db/index.js';
import { sendJob, type JobDefinition } from '../jobs/queue.js';
import { unpackGenotype } from '../genetics/genotype.js';
import { openLab } from './lab.js';
import type { LabOptions } from './options.js';
import { findRelatives } from './relative-matching.js';
import { upsertRelatives } from './relatives-store.js';
import { storedBreedShares } from './results-store.js';

export const RELATIVES_MATCH_JOB = 'relatives.match';

/** Stored genotypes one job compares a dog with. */
export const GENOTYPES_PER_RANGE = 25_000;

export interface RelativeRange {
  petNum: number;
  /** The dog's released genotype: a job finding it replaced since does nothing. */
  genotypeId: number;
  fromId: number;
  /** null: to the last genotype stored when the job runs. */
  belowId: number | null;
}

/** The ranges of stored genotype ids a dog is matched against, given the highest id now. */
export function relativeRanges(highestGenotypeId: number, perRange = GENOTYPES_PER_RANGE): { fromId: number; belowId: number | null }[] {
  const ranges: { fromId: number; belowId: number | null }[] = [];
  for (let fromId = 0; fromId + perRange <= highestGenotypeId; fromId += perRange) ranges.push({ fromId, belowId: fromId + perRange });
  ranges.push({ fromId: ranges.length * perRange, belowId: null });
  return ranges;
}

/** Queues the matching of a released dog, in the release's transaction; resolves to the number of jobs. */
export async function queueRelativeMatching(trx: Db, petNum: number, genotypeId: number): Promise<number> {
  const [{ highest }] = await trx('genotypes').max('id as highest');
  const ranges = relativeRanges(Number(highest ?? 0));
  for (const range of ranges) await sendJob(trx, RELATIVES_MATCH_JOB, { petNum, genotypeId, ...range } satisfies RelativeRange);
  return ranges.length;
}

export function relativeMatchingJob(db: Db, labOptions: LabOptions): JobDefinition<RelativeRange> {
  return {
    name: RELATIVES_MATCH_JOB,
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    async handle({ petNum, genotypeId, fromId, belowId }) {
      const lab = await openLab(db, labOptions);
      const genotype: { calls: Buffer; marker_count: number } | undefined = await db('genotypes')
        .where({ id: genotypeId, pet_num: petNum, is_current: true, panel_id: lab.panelId })
        .first('calls', 'marker_count');
      if (!genotype) return { skipped: 'the genotype is no longer the dog’s current one' };
      const calls = unpackGenotype(new Uint8Array(genotype.calls), genotype.marker_count);
      const shares = (await storedBreedShares(db, lab.ids, [petNum])).get(petNum) ?? new Map();
      const matches = await findRelatives(db, lab, petNum, calls, shares, { fromId, belowId: belowId ?? undefined });
      // written only while the genotype is still current: a release replacing it drops the dog's relatives
      const written = await db.transaction(async (trx) => {
        const current = await trx('genotypes').where({ id: genotypeId, is_current: true }).forShare().first('id');
        if (!current) return false;
        await upsertRelatives(trx, petNum, matches);
        return true;
      });
      return written ? { relatives: matches.length } : { skipped: 'replaced while matching' };
    },
  };
}
