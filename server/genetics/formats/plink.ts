import { LAST_CHROMOSOME, MT_CHROMOSOME, XY_CHROMOSOME, X_CHROMOSOME, Y_CHROMOSOME } from '../chromosomes.js';
import { NO_CALL, type Calls } from '../genotype.js';
import { createMarkerPanel, type Marker, type MarkerPanel } from '../panel.js';
import { GenotypeFileError, altCopies, lines } from './genotype-file-error.js';

export type PlinkSex = 'm' | 'f' | null;

export interface TfamRecord {
  familyId: string;
  individualId: string;
  fatherId: string | null;
  motherId: string | null;
  sex: PlinkSex;
  phenotype: string;
}

/** Reads a .tfam: `family individual father mother sex phenotype`, one line an individual (sex 1 male, 2 female). */
export function parseTfam(text: string): TfamRecord[] {
  const out: TfamRecord[] = [];
  for (const [raw, number] of lines(text)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const f = line.split(/\s+/);
    if (f.length < 5) throw new GenotypeFileError(`expected "family individual father mother sex phenotype", found ${f.length} fields`, number);
    const parent = (id: string) => (id === '0' ? null : id);
    const sex = f[4] === '1' ? 'm' : f[4] === '2' ? 'f' : f[4] === '0' || f[4] === '-9' ? null : undefined;
    if (sex === undefined) throw new GenotypeFileError(`sex must be 1, 2, 0 or -9, not ${f[4]}`, number);
    out.push({ familyId: f[0], individualId: f[1], fatherId: parent(f[2]), motherId: parent(f[3]), sex, phenotype: f[5] ?? '-9' });
  }
  if (out.length === 0) throw new GenotypeFileError('the .tfam names no individual', 0);
  return out;
}

/** Lines of an export the engine could not use: skipped, counted, and the first named. */
export interface SkippedLines {
  count: number;
  /** Counts by reason, e.g. { "unknown chromosome": 3 }. */
  reasons: Record<string, number>;
  first?: { line: number; message: string };
}

export interface TpedGenotypes {
  /** The panel the calls are on: the one given, or one made from the file's own markers. */
  panel: MarkerPanel;
  /** Calls of the chosen individual, in that panel's order; NO_CALL where missing. */
  calls: Calls;
  /** File markers with no panel marker at their chromosome and position (skipped). */
  unmatched: number;
  /** Markers of the panel the file does not cover. */
  uncovered: number;
  /** Markers read from the file. */
  markerCount: number;
  skipped: SkippedLines;
}

export interface TpedOptions {
  /** Column pair of the individual to read (0 = first, the only one in a customer export). */
  individual?: number;
}

/**
 * A file with more unusable lines than this share is not a genotype export (or a broken one):
 * it is refused, naming its first unusable line. Below it, such lines are skipped and counted.
 */
export const MAX_SKIPPED_LINE_SHARE = 0.05;

/**
 * Reads a .tped (`chromosome marker_id genetic_distance position allele1 allele2 …`, `0` missing).
 * Alleles are bases A, C, G, T or the insertion/deletion codes I and D (their own alleles, compared
 * like any other, never complemented). With a panel, markers are matched by chromosome and position
 * (array probe names differ) and alleles are read as copies of the panel's alt allele. Without one,
 * the file's markers make the panel, with the alleles seen as ref/alt (a homozygous marker's other
 * allele is unknown, written N). A line the engine cannot use (unknown chromosome code, bad position,
 * alleles it cannot read, a second marker at a position) is skipped and counted.
 */
export function parseTped(text: string, panel?: MarkerPanel, options: TpedOptions = {}): TpedGenotypes {
  const column = 4 + 2 * (options.individual ?? 0);
  const own: Marker[] = [];
  const ownCalls: number[] = [];
  const calls = panel ? new Uint8Array(panel.markers.length).fill(NO_CALL) : null;
  const seen = panel ? new Uint8Array(panel.markers.length) : null;
  const skipped: SkippedLines = { count: 0, reasons: {} };
  const skip = (reason: string, message: string, line: number) => {
    skipped.count++;
    skipped.reasons[reason] = (skipped.reasons[reason] ?? 0) + 1;
    skipped.first ??= { line, message };
  };
  let unmatched = 0;
  let markerCount = 0;
  let dataLines = 0;
  // Fields are read in place (start and end offsets in the text): a 230k-line export would
  // otherwise make a million and a half short strings.
  const bounds = new Int32Array(2 * (column + 2));
  const field = (f: number) => text.slice(bounds[2 * f], bounds[2 * f + 1]);
  let number = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    number++;
    const fieldCount = findFields(text, start, end, bounds);
    start = end + 1;
    if (fieldCount === 0 || text.charCodeAt(bounds[0]) === 35 /* # */) continue;
    dataLines++;
    if (fieldCount < column + 2) {
      skip('too few fields', `expected at least ${column + 2} fields (chromosome, marker, distance, position, two alleles), found ${fieldCount}`, number);
      continue;
    }
    const chromosome = chromosomeAt(text, bounds[0], bounds[1]);
    if (chromosome === null) {
      skip('unknown chromosome', `unknown chromosome ${field(0)}`, number);
      continue;
    }
    const position = positionAt(text, bounds[6], bounds[7]);
    if (position === null) {
      skip('bad position', `bad position ${field(3)}`, number);
      continue;
    }
    const a = alleleAt(text, bounds[2 * column], bounds[2 * column + 1]);
    const b = alleleAt(text, bounds[2 * column + 2], bounds[2 * column + 3]);
    if (a === null || b === null) {
      skip('bad alleles', `bad alleles "${field(column)} ${field(column + 1)}" for ${field(1)}: expected A, C, G, T, I, D or 0 0`, number);
      continue;
    }
    // a half call (one allele 0) is a no-call, as PLINK reads it
    const missing = a === '0' || b === '0';
    if (panel && calls && seen) {
      const index = panel.indexByLocation.at(chromosome, position);
      if (index === undefined) {
        markerCount++;
        unmatched++;
        continue;
      }
      if (seen[index]) {
        skip('repeated position', `a second marker at chromosome ${chromosome} position ${position}`, number);
        continue;
      }
      if (missing) {
        seen[index] = 1;
        markerCount++;
        continue;
      }
      const m = panel.markers[index];
      const copies = altCopies(m.ref, m.alt, a, b);
      if (copies === null) {
        skip('alleles not the marker\'s', `alleles ${a} ${b} of ${field(1)} are not the marker's ${m.ref}/${m.alt}`, number);
        continue;
      }
      seen[index] = 1;
      markerCount++;
      calls[index] = copies;
      continue;
    }
    markerCount++;
    const ref = missing ? 'N' : a;
    const alt = missing ? 'N' : b === a ? 'N' : b;
    own.push({ id: field(1), chromosome, position, ref, alt, kind: 'snp' });
    ownCalls.push(missing ? NO_CALL : a === b ? 0 : 1);
  }
  if (markerCount === 0 || skipped.count > MAX_SKIPPED_LINE_SHARE * dataLines) {
    if (skipped.first) {
      const share = `${skipped.count} of ${dataLines} lines cannot be read`;
      throw new GenotypeFileError(`${skipped.first.message} (${share}: this is not a genotype export)`, skipped.first.line);
    }
    throw new GenotypeFileError('the .tped holds no marker', 0);
  }
  if (panel && calls && seen) {
    const uncovered = seen.length - seen.reduce((s, x) => s + x, 0);
    return { panel, calls, unmatched, uncovered, markerCount, skipped };
  }
  // Sorted here as createMarkerPanel sorts (a stable sort by location), so the calls follow without a map of ids.
  const order = own.map((_, i) => i).sort((x, y) => own[x].chromosome - own[y].chromosome || own[x].position - own[y].position);
  const ownPanel = createMarkerPanel(order.map((i) => own[i]));
  const ordered = Uint8Array.from(order, (i) => ownCalls[i]);
  return { panel: ownPanel, calls: ordered, unmatched: 0, uncovered: 0, markerCount, skipped };
}

export interface PlinkIndividual {
  familyId: string;
  individualId: string;
  sex: PlinkSex;
  fatherId?: string | null;
  motherId?: string | null;
}

/** The PLINK transposed text pair of one dog, as the raw-data download offers it. */
export function writePlink(panel: MarkerPanel, calls: Calls, individual: PlinkIndividual): { tped: string; tfam: string } {
  const rows: string[] = new Array(panel.markers.length);
  panel.markers.forEach((m, j) => {
    const g = calls[j];
    const alleles = g === 0 ? `${m.ref} ${m.ref}` : g === 1 ? `${m.ref} ${m.alt}` : g === 2 ? `${m.alt} ${m.alt}` : '0 0';
    rows[j] = `${m.chromosome} ${m.id} ${(panel.centimorgans[j]).toFixed(4)} ${m.position} ${alleles}`;
  });
  const sex = individual.sex === 'm' ? '1' : individual.sex === 'f' ? '2' : '0';
  const tfam = `${individual.familyId} ${individual.individualId} ${individual.fatherId ?? '0'} ${individual.motherId ?? '0'} ${sex} -9\n`;
  return { tped: rows.join('\n') + '\n', tfam };
}

const ALLELES = 'ACGTID0';

/** The allele a one-letter field holds (A, C, G, T, I, D, or 0 for missing), else null. */
function alleleAt(text: string, start: number, end: number): string | null {
  if (end - start !== 1) return null;
  const allele = text[start];
  return ALLELES.includes(allele) ? allele : null;
}

/** A field of digits as a position; anything else as JavaScript reads a number (a whole one, not negative), else null. */
function positionAt(text: string, start: number, end: number): number | null {
  let value = 0;
  let i = start;
  for (; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  if (i === end && end > start && end - start <= 15) return value;
  const parsed = Number(text.slice(start, end));
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : null;
}

/** chromosomeNumber of a field, without cutting it out of the text when it is one or two digits. */
function chromosomeAt(text: string, start: number, end: number): number | null {
  const first = text.charCodeAt(start) - 48;
  if (end - start === 1 && first >= 0 && first <= 9) return first;
  const second = text.charCodeAt(start + 1) - 48;
  if (end - start === 2 && first >= 0 && first <= 9 && second >= 0 && second <= 9) {
    const n = first * 10 + second;
    return n <= LAST_CHROMOSOME ? n : null;
  }
  return chromosomeNumber(text.slice(start, end));
}

/** PLINK numbers dog chromosomes 1–38, 39 X, 40 Y, 41 XY, 42 MT, 0 unplaced; some tools write X, Y, XY, MT, chrN. */
export function chromosomeNumber(text: string): number | null {
  const t = text.startsWith('chr') ? text.slice(3) : text;
  if (t === 'X') return X_CHROMOSOME;
  if (t === 'Y') return Y_CHROMOSOME;
  if (t === 'XY') return XY_CHROMOSOME;
  if (t === 'MT' || t === 'M') return MT_CHROMOSOME;
  if (t === 'Un') return 0;
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n <= LAST_CHROMOSOME ? n : null;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 13;

/**
 * The whitespace-separated fields of text[start, end): their count, and the start and end offsets
 * of the first bounds.length / 2 of them in bounds.
 */
function findFields(text: string, start: number, end: number, bounds: Int32Array): number {
  const kept = bounds.length >> 1;
  let count = 0;
  let i = start;
  while (i < end) {
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const from = i;
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    if (count < kept) {
      bounds[2 * count] = from;
      bounds[2 * count + 1] = i;
    }
    count++;
  }
  return count;
}
