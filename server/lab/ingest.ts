import type { Db } from '../db/index.js';
import { packGenotype } from '../genetics/genotype.js';
import type { Lab } from './lab.js';
import { analyseArrayGenotype, analyseGenotype, type GenotypeAnalysis } from './engine.js';
import { readForLab, readGenotypeFile, type ReadGenotypeFile } from './read-file.js';
import { arrayGenotype, forgetArrayPanels } from './array-panel.js';
import { registerSwabForExport, type NewDogForExport } from './new-dog-swab.js';
import { findArrayRelatives } from './array-relatives.js';
import { storeResults } from './results-store.js';
import { upsertRelatives, type RelativeMatch } from './relatives-store.js';
import { queueRelativeMatching } from './relatives-job.js';
import { queueResultsEmail } from './notices.js';
import { IngestError } from './ingest-error.js';
import type { IngestFile } from './ingest-file.js';

export { IngestError };

export type { IngestFile };

/** What an import read: markers used, lines skipped (and why), the dog registered for it. */
export interface IngestReport {
  markers: number;
  skippedLines: number;
  skippedReasons: Record<string, number>;
  /** Unplaced markers (chromosome 0): read, but not comparable across arrays. */
  unplaced: number;
  /** A new dog was registered for the export's swab in the same transaction. */
  registeredDog: boolean;
}

export type IngestOutcome = (
  | { status: 'released'; swabCode: string; petNum: number; relatives: ReleasedRelatives }
  | { status: 'held'; swabCode: string; petNum: number; reason: string }
  | { status: 'unchanged'; swabCode: string; petNum: number }
) & { report: IngestReport };

/**
 * A dog of the lab's panel is matched with the stored dogs by jobs after the release (relatives-job.ts);
 * another lab's array is compared at once with the few dogs of arrays like it.
 */
export type ReleasedRelatives = { found: number } | { matchingJobs: number };

export interface SwabRow {
  id: number;
  swab_code: string;
  pet_num: number | null;
  swab_state: string;
  product_type: string;
}

const INGESTIBLE_STATES = new Set(['activated', 'received', 'processing', 'released']);

export interface IngestOptions {
  /** Register the export's swab for a new dog of this account when the lab does not know it yet. */
  newDog?: NewDogForExport;
  /** Replace the released results of the swab with this file's (the lab ran it again); without it such a file is refused. */
  replaceReleased?: boolean;
}

/** What the lab page and the command line call the replaceReleased option. */
export const REPLACE_RELEASED_HINT = 'tick “Replace released results” (--replace on the command line)';

/**
 * Reads one raw-data file, stores its genotype and every result computed from it, releases them
 * and queues the matching of the dog's relatives, all in one transaction, with the registration of a new dog for
 * an unknown swab when asked: a refused or interrupted import leaves no dog, no swab change and
 * no results. The same file twice changes nothing.
 *
 * A genotype that contradicts the dog's stated sex is held for lab review: it is stored, but not
 * as the dog's current one, and no result is computed from it, so nobody sees results of what may
 * be another dog's sample. The same file may be ingested again once the dog's sex is corrected.
 * A swab whose results are released keeps them: another file for it is refused unless the lab asks
 * to replace them (replaceReleased), and then it is a new sample of the swab.
 */
export async function ingestGenotypeFile(db: Db, lab: Lab, file: IngestFile, options: IngestOptions = {}): Promise<IngestOutcome> {
  return ingestReadFile(db, lab, readGenotypeFile(file, lab.panel), options);
}

/** ingestGenotypeFile for a file already read (parsed and checksummed, on the lab page's worker thread). */
export async function ingestReadFile(db: Db, lab: Lab, file: ReadGenotypeFile, options: IngestOptions = {}): Promise<IngestOutcome> {
  // calls are indexed by the panel they were read for: another one's would be stored as garbage
  if (!readForLab(file, lab)) throw new Error(`${file.fileName} was read for another marker panel than the lab's`);
  try {
    return await db.transaction((trx) => ingestParsed(trx, lab, file, options));
  } catch (error) {
    // array panels cached in this process may hold what the rolled-back transaction taught them
    forgetArrayPanels();
    throw error;
  }
}

async function ingestParsed(trx: Db, lab: Lab, file: ReadGenotypeFile, options: IngestOptions): Promise<IngestOutcome> {
  const { parsed, sha256 } = file;
  const registeredDog = options.newDog ? (await registerSwabForExport(trx, exportNamed(file), options.newDog, parsed.swabCode)) === 'registered' : false;
  const report: IngestReport = { ...parsed.report, registeredDog };
  const swab: SwabRow | undefined = await trx('swabs').where({ swab_code: parsed.swabCode }).first('id', 'swab_code', 'pet_num', 'swab_state', 'product_type');
  if (!swab) throw new IngestError(`Unknown swab ${parsed.swabCode}`, parsed.swabLine);
  if (!swab.pet_num || !INGESTIBLE_STATES.has(swab.swab_state)) {
    throw new IngestError(`Swab ${swab.swab_code} is not activated for a dog`, parsed.swabLine);
  }
  const petNum = swab.pet_num;
  const sameFile = await trx('genotypes').join('samples', 'samples.id', 'genotypes.sample_id').where({ 'samples.swab_id': swab.id, 'genotypes.source_sha256': sha256 }).first('genotypes.id', 'genotypes.lab_review_hold');
  if (sameFile && !sameFile.lab_review_hold) return { status: 'unchanged', swabCode: swab.swab_code, petNum, report };
  const replacing = swab.swab_state === 'released';
  if (replacing && !options.replaceReleased) {
    throw new IngestError(`Swab ${swab.swab_code} already has released results, from another file; nothing changed. To replace them with this file, ${REPLACE_RELEASED_HINT}.`, parsed.swabLine);
  }
  // the held try of this file is looked at again (the dog's stated sex may have been corrected)
  if (sameFile) await trx('genotypes').where({ id: sameFile.id }).delete();

  const pet = await trx('pets').where({ pet_num: petNum }).first('sex');
  const statedSex: 'm' | 'f' | null = pet?.sex ?? null;
  let calls = parsed.calls;
  let panelId = lab.panelId;
  let analysis: GenotypeAnalysis;
  let relatives: RelativeMatch[] | 'later' = 'later';
  if (parsed.array) {
    const array = await arrayGenotype(trx, parsed.array, lab.panel);
    ({ calls, panelId } = array);
    analysis = analyseArrayGenotype(lab.reference, array.panel, calls, statedSex);
    relatives = analysis.sexMismatch ? [] : await findArrayRelatives(trx, lab.panelId, { panelId, panel: array.panel, petNum, calls });
  } else {
    analysis = analyseGenotype(lab.reference, calls, statedSex);
  }

  const sampleId = replacing ? await newSample(trx, swab.id) : await sampleFor(trx, swab.id);
  const genotypeId = await storeGenotype(trx, { sampleId, petNum, panelId, file, sha256, format: parsed.format, calls, analysis, statedSex });
  if (analysis.sexMismatch) {
    const sexWord = (sex: 'm' | 'f' | null | undefined) => (sex === 'm' ? 'male' : 'female');
    const reason = `The dog is registered as ${sexWord(pet?.sex)}, but its DNA looks ${sexWord(analysis.inferredSex)} (X heterozygosity ${analysis.xHeterozygosity?.toFixed(3)})`;
    await trx('samples').where({ id: sampleId }).update({ sample_state: 'lab_review', lab_review_reason: reason, genotyped_at: trx.fn.now() });
    if (!replacing) await trx('swabs').where({ id: swab.id }).update({ swab_state: 'processing', received_at: trx.raw('coalesce(received_at, now())') });
    return { status: 'held' as const, swabCode: swab.swab_code, petNum, reason: replacing ? `${reason}; the released results stay` : reason, report };
  }
  // An owner who did not say the dog's sex gets the one its DNA shows.
  if (!statedSex && analysis.inferredSex) await trx('pets').where({ pet_num: petNum }).whereNull('sex').update({ sex: analysis.inferredSex });
  const released = await releaseGenotype(trx, lab, { petNum, genotypeId, sampleId, swab, analysis, relatives, replacing, otherLabFile: Boolean(parsed.array) });
  return { status: 'released' as const, swabCode: swab.swab_code, petNum, relatives: released, report };
}

/** What registering a dog for an export reads of it: its name and .tfam (its genotypes were read before the transaction). */
function exportNamed(file: ReadGenotypeFile): IngestFile {
  return file.tfam === undefined ? { fileName: file.fileName, text: '' } : { fileName: file.fileName, plink: { tped: '', tfam: file.tfam }, swabCode: file.parsed.swabCode };
}

interface GenotypeToRelease {
  petNum: number;
  genotypeId: number;
  sampleId: number;
  swab: SwabRow;
  analysis: GenotypeAnalysis;
  /** Found already (another lab's array), or 'later': matched by jobs after the release. */
  relatives: readonly RelativeMatch[] | 'later';
  /** The dog had results before: the relatives of its old genotype go. */
  replacing: boolean;
  otherLabFile: boolean;
}

/** Releases a stored genotype, in the caller's transaction: its results, the swab, its relatives (or their matching jobs) and the owner's e-mail. */
export async function releaseGenotype(trx: Db, lab: Lab, release: GenotypeToRelease): Promise<ReleasedRelatives> {
  const { petNum, swab } = release;
  await storeResults(trx, lab.ids, petNum, release.genotypeId, release.analysis.results);
  await releaseSwab(trx, swab, release.sampleId);
  if (release.replacing) await trx('relatives').where('pet_num_a', petNum).orWhere('pet_num_b', petNum).delete();
  await queueResultsEmail(trx, petNum, swab.swab_code, { otherLabFile: release.otherLabFile });
  if (release.relatives === 'later') return { matchingJobs: await queueRelativeMatching(trx, petNum, release.genotypeId) };
  await upsertRelatives(trx, petNum, release.relatives);
  return { found: release.relatives.length };
}

/** How the lab page and the command line tell what became of the relatives of a released dog. */
export function describeRelatives(relatives: ReleasedRelatives): string {
  if ('found' in relatives) return `${relatives.found} ${relatives.found === 1 ? 'relative' : 'relatives'} found`;
  return 'its relatives are being matched among the stored dogs';
}

/** One line about an import for the command line and the lab page: what was skipped, and why. */
export function describeReport(report: IngestReport): string {
  const parts = [`${report.markers} markers read`];
  if (report.unplaced) parts.push(`${report.unplaced} unplaced`);
  if (report.skippedLines) {
    const reasons = Object.entries(report.skippedReasons).map(([reason, count]) => `${count} ${reason}`).join(', ');
    parts.push(`${report.skippedLines} lines skipped (${reasons})`);
  }
  return parts.join(', ');
}

async function sampleFor(db: Db, swabId: number): Promise<number> {
  const existing = await db('samples').where({ swab_id: swabId }).whereNot('sample_state', 'failed').orderBy('id', 'desc').first('id');
  return existing ? existing.id : newSample(db, swabId);
}

async function newSample(db: Db, swabId: number): Promise<number> {
  const [{ id }] = await db('samples').insert({ swab_id: swabId, sample_state: 'genotyped', genotyped_at: db.fn.now() }).returning('id');
  return id;
}

interface GenotypeToStore {
  sampleId: number;
  petNum: number;
  panelId: number;
  file: { fileName: string };
  sha256: string;
  format: 'raw_tsv' | 'plink_tped' | 'simulated';
  calls: Uint8Array;
  analysis: GenotypeAnalysis;
  statedSex: 'm' | 'f' | null;
}

/** Stores a genotype as the dog's current one; one held for lab review is kept beside it, never current. */
export async function storeGenotype(db: Db, genotype: GenotypeToStore): Promise<number> {
  const held = genotype.analysis.sexMismatch;
  if (!held) await db('genotypes').where({ pet_num: genotype.petNum, is_current: true }).update({ is_current: false });
  const [{ id }] = await db('genotypes')
    .insert({
      sample_id: genotype.sampleId,
      pet_num: genotype.petNum,
      panel_id: genotype.panelId,
      marker_count: genotype.calls.length,
      calls: Buffer.from(packGenotype(genotype.calls)),
      call_rate: Math.round((1 - genotype.analysis.noCallRate) * 10000) / 10000,
      source_format: genotype.format,
      source_file_name: genotype.file.fileName.slice(0, 255),
      source_sha256: genotype.sha256,
      stated_sex: genotype.statedSex,
      inferred_sex: genotype.analysis.inferredSex,
      x_heterozygosity: genotype.analysis.xHeterozygosity == null ? null : Math.round(genotype.analysis.xHeterozygosity * 1e5) / 1e5,
      lab_review_hold: held,
      lab_review_reason: held ? 'stated and genetic sex differ' : null,
      is_current: !held,
    })
    .returning('id');
  return id;
}

/** The swab's results are out: its sample released, the swab's release times set once. */
async function releaseSwab(db: Db, swab: SwabRow, sampleId: number): Promise<void> {
  await db('samples').where({ id: sampleId }).update({ sample_state: 'released', released_at: db.fn.now(), genotyped_at: db.raw('coalesce(genotyped_at, now())'), lab_review_reason: null });
  const breedOnly = swab.product_type === 'BreedAndAncestry';
  await db('swabs')
    .where({ id: swab.id })
    .update({
      swab_state: 'released',
      received_at: db.raw('coalesce(received_at, now())'),
      breed_results_released_at: db.raw('coalesce(breed_results_released_at, now())'),
      health_results_released_at: breedOnly ? null : db.raw('coalesce(health_results_released_at, now())'),
    });
}
