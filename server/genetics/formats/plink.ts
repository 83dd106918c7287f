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

export interface TpedGenotypes {
  /** The panel the calls are on: the one given, or one made from the file's own markers. */
  panel: MarkerPanel;
  /** Calls of the chosen individual, in that panel's order; NO_CALL where missing. */
  calls: Calls;
  /** File markers with no panel marker at their chromosome and position (skipped). */
  unmatched: number;
  /** Markers of the panel the file does not cover. */
  uncovered: number;
  markerCount: number;
}

export interface TpedOptions {
  /** Column pair of the individual to read (0 = first, the only one in a customer export). */
  individual?: number;
}

/**
 * Reads a .tped (`chromosome marker_id genetic_distance position allele1 allele2 …`, `0` missing).
 * With a panel, markers are matched by chromosome and position (array probe names differ) and alleles
 * are read as copies of the panel's alt allele. Without one, the file's markers make the panel, with
 * the alleles seen as ref/alt (a homozygous marker's other allele is unknown, written N).
 */
export function parseTped(text: string, panel?: MarkerPanel, options: TpedOptions = {}): TpedGenotypes {
  const column = 4 + 2 * (options.individual ?? 0);
  const own: Marker[] = [];
  const ownCalls: number[] = [];
  const calls = panel ? new Uint8Array(panel.markers.length).fill(NO_CALL) : null;
  const seen = panel ? new Uint8Array(panel.markers.length) : null;
  let unmatched = 0;
  let markerCount = 0;
  const fields: string[] = [];
  for (const [line, number] of lines(text)) {
    splitWhitespace(line, fields);
    if (fields.length === 0 || fields[0].startsWith('#')) continue;
    if (fields.length < column + 2) throw new GenotypeFileError(`expected at least ${column + 2} fields, found ${fields.length}`, number);
    const chromosome = chromosomeNumber(fields[0]);
    const position = Number(fields[3]);
    if (chromosome === null) throw new GenotypeFileError(`unknown chromosome ${fields[0]}`, number);
    if (!Number.isInteger(position) || position < 0) throw new GenotypeFileError(`bad position ${fields[3]}`, number);
    const a = fields[column];
    const b = fields[column + 1];
    if (!isAllele(a) || !isAllele(b)) throw new GenotypeFileError(`bad alleles "${a} ${b}" for ${fields[1]}: expected A, C, G, T or 0`, number);
    markerCount++;
    const missing = a === '0' || b === '0';
    if (panel && calls && seen) {
      const index = panel.indexByLocation.at(chromosome, position);
      if (index === undefined) {
        unmatched++;
        continue;
      }
      if (seen[index]) throw new GenotypeFileError(`a second marker at chromosome ${chromosome} position ${position}`, number);
      seen[index] = 1;
      if (missing) continue;
      const m = panel.markers[index];
      const copies = altCopies(m.ref, m.alt, a, b);
      if (copies === null) throw new GenotypeFileError(`alleles ${a} ${b} of ${fields[1]} are not the marker's ${m.ref}/${m.alt}`, number);
      calls[index] = copies;
      continue;
    }
    const ref = missing ? 'N' : a;
    const alt = missing ? 'N' : b === a ? 'N' : b;
    own.push({ id: fields[1], chromosome, position, ref, alt, kind: 'snp' });
    ownCalls.push(missing ? NO_CALL : a === b ? 0 : 1);
  }
  if (markerCount === 0) throw new GenotypeFileError('the .tped holds no marker', 0);
  if (panel && calls && seen) {
    const uncovered = seen.length - seen.reduce((s, x) => s + x, 0);
    return { panel, calls, unmatched, uncovered, markerCount };
  }
  // Sorted here as createMarkerPanel sorts (a stable sort by location), so the calls follow without a map of ids.
  const order = own.map((_, i) => i).sort((x, y) => own[x].chromosome - own[y].chromosome || own[x].position - own[y].position);
  const ownPanel = createMarkerPanel(order.map((i) => own[i]));
  const ordered = Uint8Array.from(order, (i) => ownCalls[i]);
  return { panel: ownPanel, calls: ordered, unmatched: 0, uncovered: 0, markerCount };
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

const isAllele = (a: string): boolean => a === 'A' || a === 'C' || a === 'G' || a === 'T' || a === '0';

/** PLINK numbers dog chromosomes 1–38, 39 X, 40 Y, 41 MT, 0 unplaced; some tools write X, Y, MT, chrN. */
function chromosomeNumber(text: string): number | null {
  const t = text.startsWith('chr') ? text.slice(3) : text;
  if (t === 'X') return 39;
  if (t === 'Y') return 40;
  if (t === 'MT' || t === 'M') return 41;
  const n = Number(t);
  return Number.isInteger(n) && n >= 0 && n <= 41 ? n : null;
}

function splitWhitespace(line: string, out: string[]): void {
  out.length = 0;
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9 || line.charCodeAt(i) === 13)) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && line.charCodeAt(i) !== 32 && line.charCodeAt(i) !== 9 && line.charCodeAt(i) !== 13) i++;
    out.push(line.slice(start, i));
  }
}
