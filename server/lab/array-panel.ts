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

/** A stored array panel's markers in panel order: their ids and alleles as the database has them. */
interface StoredMarkers {
  checksum: string;
  ids: Int32Array;
  refs: string[];
  alts: string[];
}

interface Learned {
  index: number;
  id: number;
  ref: string;
  alt: string;
  /** The alleles as read from the database, before this export taught us more. */
  oldRef: string;
  oldAlt: string;
}

/** Identity of an array: its placed marker positions in order (alleles are learned over time). */
function positionsChecksum(markers: readonly { chromosome: number; position: number }[]): string {
  const lines = new Array<string>(markers.length);
  for (let i = 0; i < markers.length; i++) lines[i] = `${markers[i].chromosome}:${markers[i].position}\n`;
  return createHash('sha256').update(lines.join('')).digest('hex');
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
    const existing: number | undefined = (await trx('marker_panels').where({ markers_sha256: checksum }).first('id'))?.id;
    const panelId = existing ?? (await createArrayPanel(trx, fileMarkers, checksum));
    let markers = await cachedMarkers(trx, panelId, checksum, false);
    let result = reconcile(markers, own, placed);
    if (!(await learn(trx, result.learned))) {
      // another process learned some of these alleles first: start again from the database
      markers = await cachedMarkers(trx, panelId, checksum, true);
      result = reconcile(markers, own, placed);
      if (!(await learn(trx, result.learned))) throw new Error('Marker alleles changed while reading an export; try again');
    }
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

/** Records learned alleles; false when some marker no longer had the allele we read (learned elsewhere). */
async function learn(db: Db, learned: readonly Learned[]): Promise<boolean> {
  if (learned.length === 0) return true;
  const result = await db.raw(
    `update markers set ref_allele = v.ref, alt_allele = v.alt
       from unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::text[]) as v(id, ref, alt, old_ref, old_alt)
      where markers.id = v.id and markers.ref_allele = v.old_ref and markers.alt_allele = v.old_alt`,
    [learned.map((m) => m.id), learned.map((m) => m.ref), learned.map((m) => m.alt), learned.map((m) => m.oldRef), learned.map((m) => m.oldAlt)] as never,
  );
  return (result.rowCount ?? result.affectedRows ?? 0) === learned.length;
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

/**
 * Stores a new array's panel and its markers, and leaves them in the cache so nothing is read back.
 * A position already known (from the lab panel or another array) keeps its row and alleles; the
 * others become new markers. Returns the panel's id.
 */
async function createArrayPanel(db: Db, markers: readonly Marker[], checksum: string): Promise<number> {
  const columns = markerColumns(markers);
  const panel = { name: `array-${checksum.slice(0, 12)}`, count: markers.length, checksum };
  // one big statement: compiling it to machine code costs more than it saves
  await db.raw('set local jit = off');
  let created: { panelId: number | null; markers?: StoredMarkers };
  try {
    // in a savepoint: a position stored meanwhile by another import fails the plain insert
    created = await db.transaction((savepoint) => insertPanelAndMarkers(savepoint, columns, panel));
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    created = await upsertPanelAndMarkers(db, columns, panel);
  }
  if (created.panelId === null) {
    // another import of this array stored it first (and has committed): use theirs
    return (await db('marker_panels').where({ markers_sha256: checksum }).first('id')).id;
  }
  if (created.markers) remember(created.panelId, created.markers);
  return created.panelId;
}

/**
 * The markers as five space-separated lists, split by string_to_array: half the cost of sending
 * five 230k-element array parameters. Probe names hold no whitespace (a .tped splits on it).
 */
interface MarkerColumns {
  names: string;
  chromosomes: string;
  positions: string;
  refs: string[];
  alts: string[];
}

function markerColumns(markers: readonly Marker[]): MarkerColumns {
  const n = markers.length;
  const [names, chromosomes, positions, refs, alts] = [new Array<string>(n), new Array<number>(n), new Array<number>(n), new Array<string>(n), new Array<string>(n)];
  for (let k = 0; k < n; k++) {
    const m = markers[k];
    if (/\s/.test(m.id)) throw new Error(`Marker name with whitespace: ${JSON.stringify(m.id)}`);
    names[k] = m.id;
    chromosomes[k] = m.chromosome;
    positions[k] = m.position;
    refs[k] = m.ref;
    alts[k] = m.alt === m.ref ? 'N' : m.alt;
  }
  return { names: names.join(' '), chromosomes: chromosomes.join(' '), positions: positions.join(' '), refs, alts };
}

const COLUMNS_SQL = `unnest(string_to_array(?, ' '), string_to_array(?, ' ')::smallint[], string_to_array(?, ' ')::int[], string_to_array(?, ' '), string_to_array(?, ' '))`;
const columnBindings = (c: MarkerColumns) => [c.names, c.chromosomes, c.positions, c.refs.join(' '), c.alts.join(' ')];

interface NewPanel {
  name: string;
  count: number;
  checksum: string;
}

const DESCRIPTION = 'Imported from a genotyping array export';

/**
 * One statement: the export's positions already stored are found by one hash join, the others get
 * their ids from the sequence and are inserted plainly (ON CONFLICT's speculative insertion made
 * the insert twice as slow), and the panel is written with its ordered ids without joining back
 * to markers. Only the rows that existed come back, with their stored alleles; the new ones hold the
 * file's.
 */
async function insertPanelAndMarkers(db: Db, columns: MarkerColumns, panel: NewPanel): Promise<{ panelId: number | null; markers?: StoredMarkers }> {
  // The planner cannot know the export is sorted: a merge join would sort it, a nested loop probe
  // the index 230k times. One hash join in memory is what this statement needs.
  const { rows } = await inOneHashJoin(db, () => db.raw<{ rows: { panel_id: number | null; ids: string | null; existing: string | null }[] }>(
    `with matched as materialized (
       select v.*, coalesce(m.id, nextval('markers_id_seq')::int) as id, m.id is not null as existed, m.ref_allele, m.alt_allele
         from ${COLUMNS_SQL} with ordinality as v(name, chromosome, position, ref, alt, idx)
         left join markers m on m.chromosome = v.chromosome and m.position = v.position and m.chromosome > 0
     ), inserted as (
       insert into markers (id, name, chromosome, position, ref_allele, alt_allele)
       select id, name, chromosome, position, ref, alt from matched where not existed
     ), panel as (
       insert into marker_panels (name, marker_count, markers_sha256, description, marker_ids)
       select ?, ?, ?, '${DESCRIPTION}', array_agg(id order by idx) from matched
       on conflict (markers_sha256) do nothing
       returning id, marker_ids
     )
     select (select id from panel) as panel_id,
            (select array_to_string(marker_ids, ',') from panel) as ids,
            (select string_agg(concat_ws(' ', idx, ref_allele, alt_allele), ',') from matched where existed) as existing`,
    [...columnBindings(columns), panel.name, panel.count, panel.checksum] as never,
  ));
  const [row] = rows;
  if (row.panel_id === null) return { panelId: null };
  const refs = columns.refs.slice();
  const alts = columns.alts.slice();
  for (const entry of row.existing ? row.existing.split(',') : []) {
    const [idx, ref, alt] = entry.split(' ');
    refs[Number(idx) - 1] = ref;
    alts[Number(idx) - 1] = alt;
  }
  return { panelId: row.panel_id, markers: storedMarkersOf({ ids: row.ids, refs, alts }, panel.checksum, panel.count) };
}

/** The same, safe against a concurrent import storing some of these positions: ON CONFLICT DO NOTHING, then a join. */
async function upsertPanelAndMarkers(db: Db, columns: MarkerColumns, panel: NewPanel): Promise<{ panelId: number | null }> {
  await db.raw(
    `insert into markers (name, chromosome, position, ref_allele, alt_allele)
     select * from ${COLUMNS_SQL}
     on conflict (chromosome, position) where chromosome > 0 do nothing`,
    columnBindings(columns) as never,
  );
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `insert into marker_panels (name, marker_count, markers_sha256, description, marker_ids)
     select ?, ?, ?, '${DESCRIPTION}', array_agg(m.id order by v.idx)
       from unnest(string_to_array(?, ' ')::smallint[], string_to_array(?, ' ')::int[]) with ordinality as v(chromosome, position, idx)
       join markers m on m.chromosome = v.chromosome and m.position = v.position and m.chromosome > 0
     on conflict (markers_sha256) do nothing
     returning id`,
    [panel.name, panel.count, panel.checksum, columns.chromosomes, columns.positions] as never,
  );
  // the markers are read back by cachedMarkers
  return { panelId: rows[0]?.id ?? null };
}

/** Runs a statement that joins a whole panel to markers with hash joins in memory, then restores the planner settings (db is a transaction). */
async function inOneHashJoin<T>(db: Db, statement: () => Promise<T>): Promise<T> {
  await db.raw("select set_config('enable_mergejoin', 'off', true), set_config('enable_nestloop', 'off', true), set_config('work_mem', '64MB', true)");
  const result = await statement();
  await db.raw("select set_config(name, reset_val, true) from pg_settings where name in ('enable_mergejoin', 'enable_nestloop', 'work_mem')");
  return result;
}

/** A stored panel's marker ids and alleles in panel order, as two strings: far quicker to read than 230k rows. */
async function storedMarkers(db: Db, panelId: number, checksum: string): Promise<StoredMarkers> {
  // a hash join of the 230k ids: 40% quicker than probing the primary key for each
  const { rows } = await inOneHashJoin(db, () => db.raw<{ rows: { ids: string | null; alleles: string | null; marker_count: number }[] }>(
    `select array_to_string(p.marker_ids, ',') as ids, p.marker_count,
            (select string_agg(m.ref_allele || ' ' || m.alt_allele, ' ' order by u.idx)
               from unnest(p.marker_ids) with ordinality as u(marker_id, idx) join markers m on m.id = u.marker_id) as alleles
       from marker_panels p
      where p.id = ?`,
    [panelId],
  ));
  const [row] = rows;
  const alleles = (row.alleles ?? '').split(' ');
  const n = alleles.length >> 1;
  const refs = new Array<string>(n);
  const alts = new Array<string>(n);
  for (let k = 0; k < n; k++) {
    refs[k] = alleles[2 * k];
    alts[k] = alleles[2 * k + 1];
  }
  return storedMarkersOf({ ids: row.ids, refs, alts }, checksum, row.marker_count);
}

function storedMarkersOf({ ids: idList, refs, alts }: { ids: string | null; refs: string[]; alts: string[] }, checksum: string, count: number): StoredMarkers {
  const ids = Int32Array.from((idList ?? '').split(','), Number);
  if (ids.length !== count || refs.length !== count || alts.length !== count) throw new Error(`Array panel markers: expected ${count}, read ${ids.length}`);
  return { checksum, ids, refs, alts };
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
    if (ref !== storedRef || alt !== storedAlt) learned.push({ index: k, id: markers.ids[k], ref, alt, oldRef: storedRef, oldAlt: storedAlt });
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

/** Forgets the cached array panels, as a restarted process would have (tests). */
export function forgetArrayPanels(): void {
  markerCache.clear();
  panelCache.clear();
}
