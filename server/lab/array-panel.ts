import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import { NO_CALL, type Calls } from '../genetics/genotype.js';
import { indexMarkersById, LazyMap, sortedLocationIndex, type Marker, type MarkerPanel } from '../genetics/panel.js';
import { isLineageChromosome } from '../genetics/chromosomes.js';
import type { TpedGenotypes } from '../genetics/formats/plink.js';

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };

export interface ArrayGenotype {
  panelId: number;
  panel: MarkerPanel;
  calls: Calls;
  markerCount: number;
}

/** A stored array panel's alleles in panel order, as the database has them, and their version. */
interface StoredMarkers {
  checksum: string;
  version: number;
  refs: string[];
  alts: string[];
}

interface Learned {
  index: number;
  ref: string;
  alt: string;
}

/** Identity of an array: its placed marker positions in order (alleles are learned over time). */
function positionsChecksum(markers: readonly { chromosome: number; position: number }[]): string {
  const lines = new Array<string>(markers.length);
  for (let i = 0; i < markers.length; i++) lines[i] = `${markers[i].chromosome}:${markers[i].position}\n`;
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/**
 * A genotype from a real array export (a PLINK .tped) that our simulated panel does not cover:
 * stored on the array's own panel, whose markers (keyed by chromosome and position) live in the
 * panel's row. A marker's alleles are learned from the exports: the first letter seen is its
 * reference, the first other letter its alternative ('N' until a dog shows one); a position the lab
 * panel has starts with the lab's alleles. Calls count copies of the alternative, so stored
 * genotypes stay right as alleles are learned. Other panels meet this one by location, their
 * alleles reconciled when panels are intersected.
 */
export async function arrayGenotype(db: Db, own: TpedGenotypes, labPanel: MarkerPanel): Promise<ArrayGenotype> {
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
    const existing: number | undefined = (await trx('marker_panels').where({ markers_sha256: checksum }).first('id'))?.id;
    const panelId = existing ?? (await createArrayPanel(trx, fileMarkers, checksum, labPanel));
    let markers = await cachedMarkers(trx, panelId, checksum, false);
    let result = reconcile(markers, own, placed);
    if (!(await learn(trx, panelId, markers, result.learned))) {
      // another process learned some of these alleles first: start again from the database
      markers = await cachedMarkers(trx, panelId, checksum, true);
      result = reconcile(markers, own, placed);
      if (!(await learn(trx, panelId, markers, result.learned))) throw new Error('Marker alleles changed while reading an export; try again');
    }
    if (result.learned.length > 0) markers.version++;
    const cachedPanel = panelCache.get(panelId);
    for (const m of result.learned) {
      markers.refs[m.index] = m.ref;
      markers.alts[m.index] = m.alt;
      // the in-memory panel lists the same markers in the same order: teach it too
      const marker = cachedPanel?.panel.markers[m.index] as Marker | undefined;
      if (marker) Object.assign(marker, { ref: m.ref, alt: m.alt });
    }
    return { panelId, markers, calls: result.calls };
  });
  return { panelId: stored.panelId, panel: panelFor(stored.panelId, stored.markers, own.panel, placed), calls: stored.calls, markerCount: placed.length };
}

const markerCache = new Map<number, StoredMarkers>();
const panelCache = new Map<number, { version: number; panel: MarkerPanel }>();
/** Bumped whenever a panel's markers are (re)read, so its MarkerPanel is rebuilt. */
const panelVersions = new Map<number, number>();

function remember(panelId: number, markers: StoredMarkers): StoredMarkers {
  markerCache.set(panelId, markers);
  panelVersions.set(panelId, (panelVersions.get(panelId) ?? 0) + 1);
  return markers;
}

async function cachedMarkers(db: Db, panelId: number, checksum: string, reload: boolean): Promise<StoredMarkers> {
  const markers = markerCache.get(panelId);
  if (markers && markers.checksum === checksum && !reload) return markers;
  return remember(panelId, await storedMarkers(db, panelId, checksum));
}

/** Records learned alleles; false when another process changed the panel's alleles since we read them. */
async function learn(db: Db, panelId: number, markers: StoredMarkers, learned: readonly Learned[]): Promise<boolean> {
  if (learned.length === 0) return true;
  const refs = markers.refs.slice();
  const alts = markers.alts.slice();
  for (const m of learned) {
    refs[m.index] = m.ref;
    alts[m.index] = m.alt;
  }
  const updated = await db('marker_panels')
    .where({ id: panelId, alleles_version: markers.version })
    .update({ ref_alleles: alleleText(refs), alt_alleles: alleleText(alts), alleles_version: markers.version + 1 });
  return updated === 1;
}

/** One letter a marker: the alleles of an array are single bases (or 'N' while unknown). */
function alleleText(alleles: readonly string[]): string {
  const text = alleles.join('');
  if (text.length !== alleles.length) throw new Error('Array marker alleles must be single letters');
  return text;
}

/**
 * The panel the engine reads this array with: the export's own panel (already sorted and indexed
 * by location) with the stored alleles. Built once per panel and version, not once per file.
 */
function panelFor(panelId: number, markers: StoredMarkers, own: MarkerPanel, placed: readonly number[]): MarkerPanel {
  const version = panelVersions.get(panelId) ?? 0;
  const cached = panelCache.get(panelId);
  if (cached && cached.version === version) return cached.panel;
  const n = placed.length;
  const list: Marker[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const m = own.markers[placed[k]];
    // the export's probe names are unique (its own panel checked them)
    list[k] = { id: m.id, chromosome: m.chromosome, position: m.position, ref: markers.refs[k], alt: markers.alts[k], kind: isLineageChromosome(m.chromosome) ? 'lineage' : 'snp' };
  }
  // same markers in the same order: the export's indexes hold as they are
  const panel = n === own.markers.length ? { ...own, markers: list } : subPanel(own, placed, list);
  panelCache.set(panelId, { version, panel });
  return panel;
}

/** The export's panel without its unplaced and repeated markers (they stay sorted: no re-sort). */
function subPanel(own: MarkerPanel, placed: readonly number[], markers: Marker[]): MarkerPanel {
  const n = placed.length;
  const chromosomes = new Uint8Array(n);
  const positions = new Uint32Array(n);
  const centimorgans = new Float64Array(n);
  const ranges: { chromosome: number; start: number; end: number }[] = [];
  const autosomal: number[] = [];
  const autosomalInOwn = new Uint8Array(own.markers.length);
  for (const i of own.autosomalSnps) autosomalInOwn[i] = 1;
  for (let k = 0; k < n; k++) {
    const i = placed[k];
    chromosomes[k] = own.chromosomes[i];
    positions[k] = own.positions[i];
    centimorgans[k] = own.centimorgans[i];
    const last = ranges[ranges.length - 1];
    if (!last || last.chromosome !== chromosomes[k]) ranges.push({ chromosome: chromosomes[k], start: k, end: k + 1 });
    else last.end = k + 1;
    if (autosomalInOwn[i]) autosomal.push(k);
  }
  return {
    markers,
    chromosomes,
    positions,
    centimorgans,
    ranges,
    autosomalSnps: Uint32Array.from(autosomal),
    indexById: new LazyMap(() => indexMarkersById(markers)),
    indexByLocation: sortedLocationIndex(chromosomes, positions, ranges),
  };
}

const DESCRIPTION = 'Imported from a genotyping array export';

/**
 * Stores a new array's panel in one row: its probe names, positions and alleles as text, one entry
 * a marker. Positions the lab panel has start with its alleles (looked up in memory: the lab panel
 * is loaded, and joining 230k positions to the markers table costs more than the rest of the import).
 * Nothing is read back: the cache holds what was written. Returns the panel's id.
 */
async function createArrayPanel(db: Db, markers: readonly Marker[], checksum: string, labPanel: MarkerPanel): Promise<number> {
  const n = markers.length;
  const names = new Array<string>(n);
  const chromosomes = new Array<number>(n);
  const positions = new Array<number>(n);
  const refs = new Array<string>(n);
  const alts = new Array<string>(n);
  for (let k = 0; k < n; k++) {
    const m = markers[k];
    if (/\s/.test(m.id)) throw new Error(`Marker name with whitespace: ${JSON.stringify(m.id)}`);
    names[k] = m.id;
    chromosomes[k] = m.chromosome;
    positions[k] = m.position;
    refs[k] = m.ref;
    alts[k] = m.alt === m.ref ? 'N' : m.alt;
  }
  for (let k = 0; k < n; k++) {
    const index = chromosomes[k] > 0 ? labPanel.indexByLocation.at(chromosomes[k], positions[k]) : undefined;
    if (index === undefined) continue;
    const known = labPanel.markers[index];
    if (known.ref.length !== 1 || known.alt.length !== 1) continue;
    refs[k] = known.ref;
    alts[k] = known.alt;
  }
  const [chromosomeList, positionList] = [chromosomes.join(' '), positions.join(' ')];
  const [created] = await db('marker_panels')
    .insert({
      name: `array-${checksum.slice(0, 12)}`,
      marker_count: n,
      markers_sha256: checksum,
      description: DESCRIPTION,
      marker_ids: '{}',
      probe_names: names.join(' '),
      chromosome_list: chromosomeList,
      position_list: positionList,
      ref_alleles: alleleText(refs),
      alt_alleles: alleleText(alts),
    })
    // no conflict target: two imports of one array race on the name's unique index as well as the checksum's
    .onConflict()
    .ignore()
    .returning('id');
  // another import of this array stored it first (and has committed): use theirs
  if (!created) return (await db('marker_panels').where({ markers_sha256: checksum }).first('id')).id;
  remember(created.id, { checksum, version: 0, refs, alts });
  return created.id;
}

/** A stored panel's alleles in panel order and their version. */
async function storedMarkers(db: Db, panelId: number, checksum: string): Promise<StoredMarkers> {
  const row = await db('marker_panels').where({ id: panelId }).first('ref_alleles', 'alt_alleles', 'alleles_version', 'marker_count');
  const refs = [...(row?.ref_alleles ?? '')];
  const alts = [...(row?.alt_alleles ?? '')];
  if (!row || refs.length !== row.marker_count || alts.length !== row.marker_count) throw new Error(`Array panel ${panelId} has no alleles for its ${row?.marker_count} markers`);
  return { checksum, version: row.alleles_version, refs, alts };
}

/** Copies of each marker's alternative allele, and the markers whose alleles this export teaches us. */
function reconcile(markers: StoredMarkers, own: TpedGenotypes, placed: readonly number[]): { calls: Uint8Array; learned: Learned[] } {
  const n = placed.length;
  const calls = new Uint8Array(n).fill(NO_CALL);
  const learned: Learned[] = [];
  const { refs, alts } = markers;
  for (let k = 0; k < n; k++) {
    const i = placed[k];
    const call = own.calls[i];
    if (call === NO_CALL) continue;
    const marker = own.panel.markers[i];
    // the file's own parse: a homozygote is two of its first letter, a heterozygote one of each
    let first = marker.ref;
    let second = call === 0 ? marker.ref : marker.alt;
    const storedRef = refs[k];
    const storedAlt = alts[k];
    const ref = storedRef === 'N' ? first : storedRef;
    let alt = storedAlt;
    if (alt !== 'N' && !(isKnown(first, ref, alt) && isKnown(second, ref, alt))) {
      const c1 = COMPLEMENT[first];
      const c2 = COMPLEMENT[second];
      if (c1 && c2 && isKnown(c1, ref, alt) && isKnown(c2, ref, alt)) {
        first = c1;
        second = c2;
      }
    }
    if (alt === 'N') alt = first !== ref ? first : second !== ref ? second : 'N';
    if (ref !== storedRef || alt !== storedAlt) learned.push({ index: k, ref, alt });
    // a third allele: leave the marker uncalled
    if ((first !== ref && first !== alt) || (second !== ref && second !== alt)) continue;
    calls[k] = (first === alt ? 1 : 0) + (second === alt ? 1 : 0);
  }
  return { calls, learned };
}

/** A letter this marker can carry: one of its two alleles, or anything but the reference while the other is unknown. */
function isKnown(letter: string, ref: string, alt: string): boolean {
  return letter === ref || letter === alt || (alt === 'N' && letter !== ref);
}

/**
 * The panel this process already built for an array (it stored the array, or read exports of it),
 * while its alleles are the version the database has; undefined otherwise.
 */
export function cachedArrayPanel(panelId: number, allelesVersion: number): MarkerPanel | undefined {
  const markers = markerCache.get(panelId);
  const cached = panelCache.get(panelId);
  if (!markers || !cached || markers.version !== allelesVersion || cached.version !== panelVersions.get(panelId)) return undefined;
  return cached.panel;
}

/** Forgets the cached array panels, as a restarted process would have (tests). */
export function forgetArrayPanels(): void {
  markerCache.clear();
  panelCache.clear();
}
