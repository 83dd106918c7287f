import type { Db } from '../db/index.js';
import { createMarkerPanel, type Marker, type MarkerPanel } from '../genetics/panel.js';
import { isLineageChromosome } from '../genetics/chromosomes.js';
import { cachedArrayPanel } from './array-panel.js';

const panels = new Map<number, Promise<MarkerPanel>>();
/** Array panels learn alleles as exports arrive: cached with the alleles_version they were read at. */
const arrayPanels = new Map<number, { checksum: string; version: number; panel: MarkerPanel }>();

/**
 * A stored marker panel, as the engine works with it. The lab panel never changes once stored; an
 * array panel is read again when its alleles have changed (alleles_version), since its dogs' calls
 * count copies of the alleles as they stand.
 */
export async function loadPanel(db: Db, panelId: number): Promise<MarkerPanel> {
  const row = await db('marker_panels').where({ id: panelId }).first('alleles_version', 'markers_sha256', db.raw('probe_names is not null as in_row'));
  if (row?.in_row) {
    const cached = arrayPanels.get(panelId);
    if (cached && cached.version === row.alleles_version && cached.checksum === row.markers_sha256) return cached.panel;
    const built = cachedArrayPanel(panelId, row.alleles_version);
    if (built) return built;
    const markers = await loadArrayPanelMarkers(db, panelId);
    const panel = createMarkerPanel(markers!.markers);
    arrayPanels.set(panelId, { checksum: row.markers_sha256, version: markers!.version, panel });
    return panel;
  }
  let panel = panels.get(panelId);
  if (!panel) {
    panel = (async () => {
      const rows: { name: string; chromosome: number; position: number; ref_allele: string; alt_allele: string; health: string | null; trait: string | null; allele_label: string | null }[] = await db
        .select('markers.name', 'markers.chromosome', 'markers.position', 'markers.ref_allele', 'markers.alt_allele', 'health_conditions.slug as health', 'trait_loci.slug as trait', 'marker_variants.allele_label')
        .from(db.raw('marker_panels cross join unnest(marker_panels.marker_ids) with ordinality as u(marker_id, idx)'))
        .join('markers', 'markers.id', 'u.marker_id')
        .leftJoin('marker_variants', 'marker_variants.marker_id', 'markers.id')
        .leftJoin('health_conditions', 'health_conditions.id', 'marker_variants.health_condition_id')
        .leftJoin('trait_loci', 'trait_loci.id', 'marker_variants.trait_locus_id')
        .where('marker_panels.id', panelId)
        .orderBy('u.idx');
      if (rows.length === 0) throw new Error(`No marker panel ${panelId}`);
      const markers: Marker[] = rows.map((row) => ({
        id: row.name,
        chromosome: row.chromosome,
        position: row.position,
        ref: row.ref_allele,
        alt: row.alt_allele,
        kind: row.health ? 'health' : row.trait ? 'trait' : isLineageChromosome(row.chromosome) ? 'lineage' : 'snp',
        ...(row.allele_label ? { allele: row.allele_label } : {}),
      }));
      return createMarkerPanel(markers);
    })();
    panels.set(panelId, panel);
    panel.catch(() => panels.delete(panelId));
  }
  return panel;
}

/** Forgets every panel read, as a restarted process would have (a database whose contents were replaced). */
export function forgetLoadedPanels(): void {
  panels.clear();
  arrayPanels.clear();
}

/** The markers of an array panel, kept in its row (see migration 20261122000020); undefined for the lab panel. */
async function loadArrayPanelMarkers(db: Db, panelId: number): Promise<{ version: number; markers: Marker[] } | undefined> {
  const row = await db('marker_panels').where({ id: panelId }).first('probe_names', 'chromosome_list', 'position_list', 'ref_alleles', 'alt_alleles', 'alleles_version');
  if (!row?.probe_names) return undefined;
  const names: string[] = row.probe_names.split(' ');
  const chromosomes: string[] = row.chromosome_list.split(' ');
  const positions: string[] = row.position_list.split(' ');
  const markers = names.map((name, k): Marker => {
    const chromosome = Number(chromosomes[k]);
    return { id: name, chromosome, position: Number(positions[k]), ref: row.ref_alleles[k], alt: row.alt_alleles[k], kind: isLineageChromosome(chromosome) ? 'lineage' : 'snp' };
  });
  return { version: row.alleles_version, markers };
}
