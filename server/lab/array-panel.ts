import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import { NO_CALL, type Calls } from '../genetics/genotype.js';
import { createMarkerPanel, locationKey, type Marker, type MarkerPanel } from '../genetics/panel.js';
import { isLineageChromosome } from '../genetics/chromosomes.js';
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
  const { chromosomes, positions } = own.panel;
  for (let i = 0; i < chromosomes.length; i++) {
    // markers are sorted by location, so a repeated position follows its first probe
    const repeat = i > 0 && chromosomes[i] === chromosomes[i - 1] && positions[i] === positions[i - 1];
    if (chromosomes[i] > 0 && !repeat) placed.push(i);
  }
  const fileMarkers = placed.map((i) => own.panel.markers[i]);
  const checksum = positionsChecksum(fileMarkers);
  const stored = await db.transaction(async (trx) => {
    const panelId = (await trx('marker_panels').where({ markers_sha256: checksum }).first('id'))?.id ?? (await createArrayPanel(trx, fileMarkers, checksum));
    const observed = placed.map((i) => ({ marker: own.panel.markers[i], call: own.calls[i] }));
    let markers = await cachedMarkers(trx, panelId, false);
    let result = reconcile(markers, observed);
    if (!(await learn(trx, result.learned))) {
      // another process learned some of these alleles first: start again from the database
      markers = await cachedMarkers(trx, panelId, true);
      result = reconcile(markers, observed);
      if (!(await learn(trx, result.learned))) throw new Error('Marker alleles changed while reading an export; try again');
    }
    for (const m of result.learned) {
      Object.assign(markers[m.index], { ref: m.ref, alt: m.alt });
      // the in-memory panel lists the same markers in the same order: teach it too
      const cachedPanel = panelCache.get(panelId)?.panel.markers[m.index] as Marker | undefined;
      if (cachedPanel) Object.assign(cachedPanel, { ref: m.ref, alt: m.alt });
    }
    return { panelId, markers, calls: result.calls };
  });
  return { panelId: stored.panelId, panel: panelFor(stored.panelId, stored.markers), calls: stored.calls, markerCount: stored.markers.length };
}

const markerCache = new Map<number, StoredMarker[]>();
const panelCache = new Map<number, { version: number; panel: MarkerPanel }>();
/** Bumped whenever a panel's markers learn alleles, so its MarkerPanel is rebuilt. */
const panelVersions = new Map<number, number>();

async function cachedMarkers(db: Db, panelId: number, reload: boolean): Promise<StoredMarker[]> {
  let markers = markerCache.get(panelId);
  if (!markers || reload) {
    markers = (await storedMarkers(db, panelId)).map((m, index) => ({ ...m, index }));
    markerCache.set(panelId, markers);
    panelVersions.set(panelId, (panelVersions.get(panelId) ?? 0) + 1);
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
  const version = panelVersions.get(panelId) ?? 0;
  const cached = panelCache.get(panelId);
  if (cached && cached.version === version) return cached.panel;
  const panel = createMarkerPanel(markers.map((m): Marker => ({ id: `${m.name}@${locationKey(m.chromosome, m.position)}`, chromosome: m.chromosome, position: m.position, ref: m.ref, alt: m.alt, kind: isLineageChromosome(m.chromosome) ? 'lineage' : 'snp' })));
  panelCache.set(panelId, { version, panel });
  return panel;
}

async function createArrayPanel(db: Db, markers: readonly Marker[], checksum: string): Promise<number> {
  // Two set-based statements: a 230k-marker array is stored in seconds, not minutes of row batches.
  await db.raw(
    `insert into markers (name, chromosome, position, ref_allele, alt_allele)
     select * from unnest(?::text[], ?::smallint[], ?::int[], ?::text[], ?::text[])
     on conflict (chromosome, position) where chromosome > 0 do nothing`,
    [markers.map((m) => m.id), markers.map((m) => m.chromosome), markers.map((m) => m.position), markers.map((m) => m.ref), markers.map((m) => (m.alt === m.ref ? 'N' : m.alt))] as never,
  );
  const [{ id: panelId }] = await db('marker_panels').insert({ name: `array-${checksum.slice(0, 12)}`, marker_count: markers.length, markers_sha256: checksum, description: 'Imported from a genotyping array export' }).returning('id');
  await db.raw(
    `insert into panel_markers (panel_id, idx, marker_id)
     select ?::int, v.idx, m.id from unnest(?::int[], ?::smallint[], ?::int[]) as v(idx, chromosome, position)
     join markers m on m.chromosome = v.chromosome and m.position = v.position`,
    [panelId, markers.map((_, idx) => idx), markers.map((m) => m.chromosome), markers.map((m) => m.position)] as never,
  );
  return panelId;
}

async function storedMarkers(db: Db, panelId: number): Promise<Omit<StoredMarker, 'index'>[]> {
  return db('panel_markers')
    .join('markers', 'markers.id', 'panel_markers.marker_id')
    .where('panel_markers.panel_id', panelId)
    .orderBy('panel_markers.idx')
    .select('markers.id', 'markers.name', 'markers.chromosome', 'markers.position', 'markers.ref_allele as ref', 'markers.alt_allele as alt');
}

/** Copies of each marker's alternative allele, and the markers whose alleles this export teaches us. */
function reconcile(markers: readonly StoredMarker[], observed: { marker: Marker; call: number }[]): { calls: Uint8Array; learned: StoredMarker[] } {
  const calls = new Uint8Array(markers.length).fill(NO_CALL);
  const learned: StoredMarker[] = [];
  for (let k = 0; k < markers.length; k++) {
    const stored = markers[k];
    const { marker, call } = observed[k];
    if (call === NO_CALL) continue;
    // the file's own parse: a homozygote is two of its first letter, a heterozygote one of each
    let first = marker.ref;
    let second = call === 0 ? marker.ref : marker.alt;
    const ref = stored.ref === 'N' ? first : stored.ref;
    let alt = stored.alt;
    const isKnown = (letter: string) => letter === ref || letter === alt || (alt === 'N' && letter !== ref);
    if (!(isKnown(first) && isKnown(second)) && alt !== 'N') {
      const [c1, c2] = [COMPLEMENT[first], COMPLEMENT[second]];
      if (c1 && c2 && isKnown(c1) && isKnown(c2)) [first, second] = [c1, c2];
    }
    if (alt === 'N') alt = first !== ref ? first : second !== ref ? second : 'N';
    if (ref !== stored.ref || alt !== stored.alt) learned.push({ ...stored, ref, alt, oldRef: stored.ref, oldAlt: stored.alt });
    const known = (letter: string) => letter === ref || letter === alt;
    if (!known(first) || !known(second)) continue; // a third allele: leave the marker uncalled
    calls[k] = (first === alt ? 1 : 0) + (second === alt ? 1 : 0);
  }
  return { calls, learned };
}
