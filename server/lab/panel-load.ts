import type { Db } from '../db/index.js';
import { createMarkerPanel, type Marker, type MarkerPanel } from '../genetics/panel.js';
import { isLineageChromosome } from '../genetics/chromosomes.js';

const panels = new Map<number, Promise<MarkerPanel>>();

/** A stored marker panel, as the engine works with it (cached: panels never change once stored). */
export function loadPanel(db: Db, panelId: number): Promise<MarkerPanel> {
  let panel = panels.get(panelId);
  if (!panel) {
    panel = (async () => {
      const rows: { name: string; chromosome: number; position: number; ref_allele: string; alt_allele: string; health: string | null; trait: string | null; allele_label: string | null }[] = await db('panel_markers')
        .join('markers', 'markers.id', 'panel_markers.marker_id')
        .leftJoin('health_conditions', 'health_conditions.id', 'markers.health_condition_id')
        .leftJoin('trait_loci', 'trait_loci.id', 'markers.trait_locus_id')
        .where('panel_markers.panel_id', panelId)
        .orderBy('panel_markers.idx')
        .select('markers.name', 'markers.chromosome', 'markers.position', 'markers.ref_allele', 'markers.alt_allele', 'health_conditions.slug as health', 'trait_loci.slug as trait', 'markers.allele_label');
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
