import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { MarkerPanel } from '../genetics/panel.js';
import type { CatalogueIds } from './catalogue-ids.js';
import { traitLocusSlug } from '../catalogue/sync.js';

export function panelChecksum(panel: MarkerPanel): string {
  const hash = createHash('sha256');
  for (const marker of panel.markers) hash.update(`${marker.chromosome}:${marker.position}:${marker.ref}:${marker.alt}\n`);
  return hash.digest('hex');
}

/**
 * Stores a marker panel once (identified by the checksum of its ordered markers) and returns its
 * id. Markers are shared between panels by chromosome and position, so dogs typed on different
 * arrays meet on the markers they have in common: a position already stored keeps its row. Two
 * set-based statements: the markers, then the panel with its ordered marker ids.
 */
export async function storePanel(db: Db, ids: CatalogueIds, panel: MarkerPanel, name: string): Promise<number> {
  const checksum = panelChecksum(panel);
  const existing = await db('marker_panels').where({ markers_sha256: checksum }).first('id');
  if (existing) return existing.id;

  const markers = panel.markers;
  const chromosomes = markers.map((marker) => marker.chromosome);
  const positions = markers.map((marker) => marker.position);
  const variants = markers.flatMap((marker) => {
    const healthConditionId = marker.kind === 'health' && marker.variantOf ? ids.healthCondition.get(marker.variantOf) ?? null : null;
    const traitLocusId = marker.kind === 'trait' && marker.variantOf ? ids.traitLocus.get(traitLocusSlug(marker.variantOf)) ?? null : null;
    const alleleLabel = marker.allele ?? null;
    return healthConditionId === null && traitLocusId === null && alleleLabel === null ? [] : [{ marker, healthConditionId, traitLocusId, alleleLabel }];
  });
  return db.transaction(async (trx) => {
    // What a marker tests goes with the markers this panel adds (a position already stored keeps its row as it is).
    await trx.raw(
      `with inserted as (
         insert into markers (name, chromosome, position, ref_allele, alt_allele)
         select * from unnest(?::text[], ?::smallint[], ?::int[], ?::text[], ?::text[])
         on conflict (chromosome, position) where chromosome > 0 do nothing
         returning id, chromosome, position
       )
       insert into marker_variants (marker_id, health_condition_id, trait_locus_id, allele_label)
       select inserted.id, v.health_condition_id, v.trait_locus_id, v.allele_label
         from unnest(?::smallint[], ?::int[], ?::int[], ?::int[], ?::text[]) as v(chromosome, position, health_condition_id, trait_locus_id, allele_label)
         join inserted on inserted.chromosome = v.chromosome and inserted.position = v.position`,
      [
        markers.map((marker) => marker.id),
        chromosomes,
        positions,
        markers.map((marker) => marker.ref),
        markers.map((marker) => marker.alt),
        variants.map((v) => v.marker.chromosome),
        variants.map((v) => v.marker.position),
        variants.map((v) => v.healthConditionId),
        variants.map((v) => v.traitLocusId),
        variants.map((v) => v.alleleLabel),
      ] as never,
    );
    // A marker missing from the join (unplaced, say) leaves the array short: marker_panels_marker_ids refuses it.
    const { rows } = await trx.raw<{ rows: { id: number }[] }>(
      `insert into marker_panels (name, marker_count, markers_sha256, marker_ids)
       select ?, ?, ?, array_agg(m.id order by v.idx)
         from unnest(?::smallint[], ?::int[]) with ordinality as v(chromosome, position, idx)
         join markers m on m.chromosome = v.chromosome and m.position = v.position and m.chromosome > 0
       on conflict (markers_sha256) do nothing
       returning id`,
      [name, markers.length, checksum, chromosomes, positions] as never,
    );
    if (rows.length > 0) return rows[0].id;
    // stored meanwhile by another process
    return (await trx('marker_panels').where({ markers_sha256: checksum }).first('id')).id as number;
  });
}
