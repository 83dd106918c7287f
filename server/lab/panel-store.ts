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

const BATCH = 1000;

/**
 * Stores a marker panel once (identified by the checksum of its ordered markers) and returns its
 * id. Markers are shared between panels by chromosome and position, so dogs typed on different
 * arrays meet on the markers they have in common.
 */
export async function storePanel(db: Db, ids: CatalogueIds, panel: MarkerPanel, name: string): Promise<number> {
  const checksum = panelChecksum(panel);
  const existing = await db('marker_panels').where({ markers_sha256: checksum }).first('id');
  if (existing) return existing.id;

  return db.transaction(async (trx) => {
    const rows = panel.markers.map((marker) => ({
      name: marker.id,
      chromosome: marker.chromosome,
      position: marker.position,
      ref_allele: marker.ref,
      alt_allele: marker.alt,
      health_condition_id: marker.kind === 'health' && marker.variantOf ? ids.healthCondition.get(marker.variantOf) ?? null : null,
      trait_locus_id: marker.kind === 'trait' && marker.variantOf ? ids.traitLocus.get(traitLocusSlug(marker.variantOf)) ?? null : null,
      allele_label: marker.allele ?? null,
    }));
    for (let start = 0; start < rows.length; start += BATCH) {
      const insert = trx('markers').insert(rows.slice(start, start + BATCH)).toString();
      await trx.raw(`${insert} on conflict (chromosome, position) where chromosome > 0 do nothing`);
    }
    const markerIds = new Map<string, number>();
    const stored: { id: number; chromosome: number; position: number }[] = await trx('markers').where('chromosome', '>', 0).select('id', 'chromosome', 'position');
    for (const row of stored) markerIds.set(`${row.chromosome}:${row.position}`, row.id);

    const [{ id: panelId }] = await trx('marker_panels').insert({ name, marker_count: panel.markers.length, markers_sha256: checksum }).returning('id');
    const links = panel.markers.map((marker, idx) => {
      const markerId = markerIds.get(`${marker.chromosome}:${marker.position}`);
      if (!markerId) throw new Error(`Marker ${marker.id} was not stored`);
      return { panel_id: panelId, idx, marker_id: markerId };
    });
    for (let start = 0; start < links.length; start += BATCH) await trx('panel_markers').insert(links.slice(start, start + BATCH));
    return panelId as number;
  });
}
