import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import { NO_CALL, type Calls } from '../genetics/genotype.js';
import { createMarkerPanel, locationKey, type Marker, type MarkerPanel } from '../genetics/panel.js';
import type { TpedGenotypes } from '../genetics/formats/plink.js';

const BATCH = 1000;
const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };

export interface ArrayGenotype {
  panelId: number;
  panel: MarkerPanel;
  calls: Calls;
  markerCount: number;
}

interface StoredMarker {
  id: number;
  index: number;
  name: string;
  chromosome: number;
  position: number;
  ref: string;
  alt: string;
  /** The alleles as read from the database, before this export taught us more. */
  oldRef?: string;
  oldAlt?: string;
}

/** Identity of an array: its placed marker positions in order (alleles are learned over time). */
function positionsChecksum(markers: readonly { chromosome: number; position: number }[]): string {
  const hash = createHash('sha256');
  for (const marker of markers) hash.update(`${marker.chromosome}:${marker.position}\n`);
  return hash.digest('hex');
}

/**
 * A genotype from a real array export (a PLINK .tped) that our simulated panel does not cover:
 * stored on the array's own panel, markers keyed by chromosome and position. A marker's alleles
 * are learned from the exports: the first letter seen is its reference, the first other letter its
 * alternative ('N' until a dog shows one). Calls count copies of the alternative, so stored
 * genotypes stay right as alleles are learned.
 */
export async function arrayGenotype(db: Db, own: TpedGenotypes): Promise<ArrayGenotype> {
  // Unplaced markers (chromosome 0) cannot be compared across arrays; a second probe at a position is dropped.
  const placed: number[] = [];
  const seen = new Set<string>();
  own.panel.markers.forEach((marker, i) => {
    const key = locationKey(marker.chromosome, marker.position);
    if (marker.chromosome > 0 && !seen.has(key)) placed.push(i);
    seen.add(key);
  });
  const fileMarkers = placed.map((i) => own.panel.markers[i]);
  const checksum = positionsChecksum(fileMarkers);
  const stored = await db.transaction(async (trx) => {
    const panelId = (await trx('marker_panels').where({ markers_sha256: checksum }).first('id'))?.id ?? (await createArrayPanel(trx, fileMarkers, checksum));
    const observed = placed.map((i) => ({ marker: own.panel.markers[i], call: own.calls[i] }));
    let markers = await cachedMarkers(trx, panelId, false);
    let result = reconcile(markers.map((m) => ({ ...m })), observed);
    if (!(await learn(trx, result.learned))) {
      // another process learned some of these alleles first: start again from the database
      markers = await cachedMarkers(trx, panelId, true);
      result = reconcile(markers.map((m) => ({ ...m })), observed);
      if (!(await learn(trx, result.learned))) throw new Error('Marker alleles changed while reading an export; try again');
    }
    for (const m of result.learned) Object.assign(markers[m.index], { ref: m.ref, alt: m.alt });
    return { panelId, markers, calls: result.calls };
  });
  return { panelId: stored.panelId, panel: panelFor(stored.panelId, stored.markers), calls: stored.calls, markerCount: stored.markers.length };
}

const markerCache = new Map<number, StoredMarker[]>();
const panelCache = new Map<number, { markers: StoredMarker[]; alleles: string; panel: MarkerPanel }>();

async function cachedMarkers(db: Db, panelId: number, reload: boolean): Promise<StoredMarker[]> {
  let markers = markerCache.get(panelId);
  if (!markers || reload) {
    markers = (await storedMarkers(db, panelId)).map((m, index) => ({ ...m, index }));
    markerCache.set(panelId, markers);
  }
  return markers;
}

/** Records learned alleles; false when some marker no longer had the allele we read (learned elsewhere). */
async function learn(db: Db, learned: readonly StoredMarker[]): Promise<boolean> {
  if (learned.length === 0) return true;
  const result = await db.raw(
    `update markers set ref_allele = v.ref, alt_allele = v.alt
       from unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::text[]) as v(id, ref, alt, old_ref, old_alt)
      where markers.id = v.id and markers.ref_allele = v.old_ref and markers.alt_allele = v.old_alt`,
    [learned.map((m) => m.id), learned.map((m) => m.ref), learned.map((m) => m.alt), learned.map((m) => m.oldRef), learned.map((m) => m.oldAlt)] as never,
  );
  return (result.rowCount ?? result.affectedRows ?? 0) === learned.length;
}

function panelFor(panelId: number, markers: StoredMarker[]): MarkerPanel {
  const alleles = markers.map((m) => m.ref + m.alt).join('');
  const cached = panelCache.get(panelId);
  if (cached && cached.alleles === alleles) return cached.panel;
  const panel = createMarkerPanel(markers.map((m): Marker => ({ id: `${m.name}@${locationKey(m.chromosome, m.position)}`, chromosome: m.chromosome, position: m.position, ref: m.ref, alt: m.alt, kind: 'snp' })));
  panelCache.set(panelId, { markers, alleles, panel });
  return panel;
}

async function createArrayPanel(db: Db, markers: readonly Marker[], checksum: string): Promise<number> {
  const rows = markers.map((m) => ({ name: m.id, chromosome: m.chromosome, position: m.position, ref_allele: m.ref, alt_allele: m.alt === m.ref ? 'N' : m.alt }));
  for (let start = 0; start < rows.length; start += BATCH) {
    const insert = db('markers').insert(rows.slice(start, start + BATCH)).toString();
    await db.raw(`${insert} on conflict (chromosome, position) where chromosome > 0 do nothing`);
  }
  const [{ id: panelId }] = await db('marker_panels').insert({ name: `array-${checksum.slice(0, 12)}`, marker_count: markers.length, markers_sha256: checksum, description: 'Imported from a genotyping array export' }).returning('id');
  const idsByLocation = new Map<string, number>();
  const placed: { id: number; chromosome: number; position: number }[] = await db('markers').where('chromosome', '>', 0).select('id', 'chromosome', 'position');
  for (const row of placed) idsByLocation.set(locationKey(row.chromosome, row.position), row.id);
  const links = markers.map((m, idx) => ({ panel_id: panelId, idx, marker_id: idsByLocation.get(locationKey(m.chromosome, m.position))! }));
  for (let start = 0; start < links.length; start += BATCH) await db('panel_markers').insert(links.slice(start, start + BATCH));
  return panelId;
}

async function storedMarkers(db: Db, panelId: number): Promise<Omit<StoredMarker, 'index'>[]> {
  return db('panel_markers')
    .join('markers', 'markers.id', 'panel_markers.marker_id')
    .where('panel_markers.panel_id', panelId)
    .orderBy('panel_markers.idx')
    .select('markers.id', 'markers.name', 'markers.chromosome', 'markers.position', 'markers.ref_allele as ref', 'markers.alt_allele as alt');
}

/** Copies of each marker's alternative allele, learning alleles the stored markers do not know yet. */
function reconcile(markers: StoredMarker[], observed: { marker: Marker; call: number }[]): { calls: Uint8Array; learned: StoredMarker[] } {
  const calls = new Uint8Array(markers.length).fill(NO_CALL);
  const learned: StoredMarker[] = [];
  markers.forEach((stored, k) => {
    const { marker, call } = observed[k];
    if (call === NO_CALL) return;
    // the file's own parse: a homozygote is two of its first letter, a heterozygote one of each
    let letters = call === 0 ? [marker.ref, marker.ref] : [marker.ref, marker.alt];
    let changed = false;
    const before = { oldRef: stored.ref, oldAlt: stored.alt };
    if (stored.ref === 'N') {
      stored.ref = letters[0];
      changed = true;
    }
    const known = (letter: string) => letter === stored.ref || letter === stored.alt;
    if (!letters.every(known) && stored.alt !== 'N' && letters.map((l) => COMPLEMENT[l]).every((l) => l && known(l))) {
      letters = letters.map((l) => COMPLEMENT[l]);
    }
    for (const letter of letters) {
      if (letter !== stored.ref && stored.alt === 'N') {
        stored.alt = letter;
        changed = true;
      }
    }
    if (changed) learned.push({ ...stored, ...before });
    if (!letters.every(known)) return; // a third allele: leave the marker uncalled
    calls[k] = letters.filter((l) => l === stored.alt).length;
  });
  return { calls, learned };
}
