// Genotypes held for lab review (their X contradicts the dog's stated sex): listed on the lab page,
// and released once the lab decides the registered sex was the mistake.
import type { Db } from '../db/index.js';
import { unpackGenotype } from '../genetics/genotype.js';
import type { Lab } from './lab.js';
import { analyseArrayGenotype, analyseGenotype } from './engine.js';
import { findArrayRelatives } from './array-relatives.js';
import { IngestError } from './ingest-error.js';
import { releaseGenotype, storeGenotype, type ReleasedRelatives } from './ingest.js';
import { loadPanel } from './panel-load.js';

export interface HeldGenotype {
  genotypeId: number;
  swabCode: string;
  petNum: number;
  petName: string;
  statedSex: 'm' | 'f' | null;
  inferredSex: 'm' | 'f' | null;
  xHeterozygosity: number | null;
  fileName: string | null;
  heldAt: Date;
}

/** Every genotype held for review, newest first. */
export async function heldGenotypes(db: Db): Promise<HeldGenotype[]> {
  const rows = await db('genotypes')
    .join('samples', 'samples.id', 'genotypes.sample_id')
    .join('swabs', 'swabs.id', 'samples.swab_id')
    .join('pets', 'pets.pet_num', 'genotypes.pet_num')
    .where('genotypes.lab_review_hold', true)
    .whereNull('pets.deleted_at')
    .orderBy('genotypes.id', 'desc')
    .limit(100)
    .select('genotypes.id', 'swabs.swab_code', 'pets.pet_num', 'pets.name', 'pets.sex', 'genotypes.inferred_sex', 'genotypes.x_heterozygosity', 'genotypes.source_file_name', 'genotypes.created_at');
  return rows.map((row) => ({
    genotypeId: row.id,
    swabCode: row.swab_code,
    petNum: row.pet_num,
    petName: row.name,
    statedSex: row.sex,
    inferredSex: row.inferred_sex,
    xHeterozygosity: row.x_heterozygosity === null ? null : Number(row.x_heterozygosity),
    fileName: row.source_file_name,
    heldAt: new Date(row.created_at),
  }));
}

/**
 * The lab decides the dog's registered sex was wrong: the dog takes the sex its DNA shows, and the
 * held genotype is released as a new current genotype (so every process's relative index picks it
 * up), with its results, the matching of its relatives and the owner's e-mail, in one transaction.
 */
export async function releaseWithGeneticSex(db: Db, lab: Lab, genotypeId: number): Promise<{ petNum: number; swabCode: string; sex: 'm' | 'f'; relatives: ReleasedRelatives }> {
  return db.transaction(async (trx) => {
    const held = await trx('genotypes')
      .join('samples', 'samples.id', 'genotypes.sample_id')
      .join('swabs', 'swabs.id', 'samples.swab_id')
      .where({ 'genotypes.id': genotypeId, 'genotypes.lab_review_hold': true })
      .forUpdate()
      .first('genotypes.*', 'swabs.id as swab_id', 'swabs.swab_code', 'swabs.pet_num as swab_pet_num', 'swabs.swab_state', 'swabs.product_type');
    if (!held) throw new IngestError('This genotype is no longer held for review: it was released or replaced since.');
    const sex: 'm' | 'f' | null = held.inferred_sex;
    if (sex !== 'm' && sex !== 'f') throw new IngestError('Its DNA shows no sex to give the dog: ask for a new swab instead.');
    const petNum: number = held.pet_num;
    await trx('pets').where({ pet_num: petNum }).update({ sex });
    const calls = unpackGenotype(new Uint8Array(held.calls), held.marker_count);
    const onLabPanel = held.panel_id === lab.panelId;
    let analysis;
    let relatives: Awaited<ReturnType<typeof findArrayRelatives>> | 'later' = 'later';
    if (onLabPanel) {
      analysis = analyseGenotype(lab.reference, calls, sex);
    } else {
      const panel = await loadPanel(trx, held.panel_id);
      analysis = analyseArrayGenotype(lab.reference, panel, calls, sex);
      relatives = await findArrayRelatives(trx, lab.panelId, { panelId: held.panel_id, panel, petNum, calls });
    }
    await trx('genotypes').where({ id: genotypeId }).delete();
    const file = { fileName: held.source_file_name ?? 'held genotype', text: '' };
    const released = await storeGenotype(trx, { sampleId: held.sample_id, petNum, panelId: held.panel_id, file, sha256: held.source_sha256, format: held.source_format, calls, analysis, statedSex: sex });
    const swab = { id: held.swab_id, swab_code: held.swab_code, pet_num: held.swab_pet_num, swab_state: held.swab_state, product_type: held.product_type };
    // replacing: a swab released before (this file replaced its results) had other relatives
    const releasedRelatives = await releaseGenotype(trx, lab, { petNum, genotypeId: released, sampleId: held.sample_id, swab, analysis, relatives, replacing: true, otherLabFile: !onLabPanel });
    return { petNum, swabCode: held.swab_code, sex, relatives: releasedRelatives };
  });
}
