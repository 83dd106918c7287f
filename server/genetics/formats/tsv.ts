import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { GenotypeFileError, altCopies, lines } from './genotype-file-error.js';

export interface TsvGenotypes {
  swabCode: string;
  /** Panel order: alt-allele copies 0/1/2, NO_CALL (3) for no-calls and markers the file lacks. */
  calls: Calls;
  /** Share of panel markers missing from the file or not called. */
  noCallRate: number;
  warnings: string[];
}

export interface TsvParseOptions {
  /** More panel markers than this share missing or not called and the file is refused. */
  maxNoCallRate?: number;
}

export const DEFAULT_MAX_NO_CALL_RATE = 0.1;
const SWAB_LINE = /^#\s*swab:\s*(\S+)\s*$/i;
const HEADER = /^#?\s*(rsid|marker)\b/i;
const BASES = new Set(['A', 'C', 'G', 'T']);

/**
 * Reads the raw-data text consumer DNA services export: `# ` comment lines (one `# swab: CODE`),
 * then `marker<TAB>chromosome<TAB>position<TAB>genotype` lines, genotype two of A/C/G/T or `--`.
 * Throws a GenotypeFileError naming the line of the first problem; nothing is half-read.
 */
export function parseTsvGenotypes(text: string, panel: MarkerPanel, options: TsvParseOptions = {}): TsvGenotypes {
  const maxNoCallRate = options.maxNoCallRate ?? DEFAULT_MAX_NO_CALL_RATE;
  if (text.trim() === '') throw new GenotypeFileError('the file is empty', 0);
  const calls = new Uint8Array(panel.markers.length).fill(NO_CALL);
  const seen = new Uint8Array(panel.markers.length);
  const warnings: string[] = [];
  let swabCode: string | null = null;
  let called = 0;
  for (const [raw, number] of lines(text)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const swab = SWAB_LINE.exec(line);
      if (swab) {
        if (swabCode !== null && swabCode !== swab[1]) throw new GenotypeFileError(`a second swab code ${swab[1]} (the file already named ${swabCode})`, number);
        swabCode = swab[1];
      }
      continue;
    }
    if (HEADER.test(line)) continue;
    const fields = raw.split('\t');
    if (fields.length !== 4) throw new GenotypeFileError(`expected 4 tab-separated fields (marker, chromosome, position, genotype), found ${fields.length}`, number);
    const [id, chromosomeText, positionText, genotypeText] = fields.map((f) => f.trim());
    const index = panel.indexById.get(id);
    if (index === undefined) throw new GenotypeFileError(`unknown marker ${id}`, number);
    const marker = panel.markers[index];
    if (chromosomeText !== String(marker.chromosome) || positionText !== String(marker.position)) {
      throw new GenotypeFileError(`marker ${id} is at chromosome ${marker.chromosome} position ${marker.position}, not ${chromosomeText}:${positionText}`, number);
    }
    if (seen[index]) throw new GenotypeFileError(`marker ${id} appears twice`, number);
    seen[index] = 1;
    if (genotypeText === '--') continue;
    if (genotypeText.length !== 2 || !BASES.has(genotypeText[0]) || !BASES.has(genotypeText[1])) {
      throw new GenotypeFileError(`bad genotype "${genotypeText}" for ${id}: expected two of A, C, G, T, or -- for no call`, number);
    }
    const copies = altCopies(marker.ref, marker.alt, genotypeText[0], genotypeText[1]);
    if (copies === null) throw new GenotypeFileError(`genotype ${genotypeText} for ${id} does not use its alleles ${marker.ref}/${marker.alt}`, number);
    calls[index] = copies;
    called++;
  }
  if (swabCode === null) throw new GenotypeFileError('no "# swab: CODE" line', 0);
  const noCallRate = panel.markers.length ? 1 - called / panel.markers.length : 1;
  if (noCallRate > maxNoCallRate) {
    throw new GenotypeFileError(`too many no-calls: ${(noCallRate * 100).toFixed(1)}% of the panel's markers are missing or not called (limit ${(maxNoCallRate * 100).toFixed(1)}%)`, 0);
  }
  const missing = panel.markers.length - seen.reduce((s, x) => s + x, 0);
  if (missing > 0) warnings.push(`${missing} panel markers are not in the file`);
  return { swabCode, calls, noCallRate, warnings };
}

export interface TsvWriteOptions {
  swabCode: string;
  /** Free comment lines, written after the swab line with a leading "# ". */
  comments?: readonly string[];
}

/** The raw-data download: the inverse of parseTsvGenotypes. */
export function writeTsvGenotypes(panel: MarkerPanel, calls: Calls, options: TsvWriteOptions): string {
  const out: string[] = [`# swab: ${options.swabCode}`];
  for (const comment of options.comments ?? []) for (const line of comment.split('\n')) out.push(`# ${line}`);
  out.push('# rsid\tchromosome\tposition\tgenotype');
  panel.markers.forEach((m, j) => {
    const g = calls[j];
    const genotype = g === 0 ? m.ref + m.ref : g === 1 ? m.ref + m.alt : g === 2 ? m.alt + m.alt : '--';
    out.push(`${m.id}\t${m.chromosome}\t${m.position}\t${genotype}`);
  });
  return out.join('\n') + '\n';
}

/**
 * A TSV whose markers are mostly not on the panel (the raw-data download of a dog typed on another
 * lab's array lists that array's markers): its swab code, and its genotypes as a .tped,
 * read as an array export by chromosome and position. Null for a TSV of the panel's own markers, or
 * of fewer than minMarkers markers.
 */
export function tsvOfOtherMarkers(text: string, panel: MarkerPanel, minMarkers: number): { swabCode: string | null; tped: string } | null {
  let swabCode: string | null = null;
  let known = 0;
  const tped: string[] = [];
  for (const [raw] of lines(text)) {
    const line = raw.trim();
    const swab = SWAB_LINE.exec(line);
    if (swab) swabCode = swab[1];
    if (line === '' || line.startsWith('#') || HEADER.test(line)) continue;
    const fields = line.split('\t');
    if (fields.length !== 4) return null;
    const [id, chromosome, position, genotype] = fields.map((field) => field.trim());
    if (panel.indexById.has(id)) known++;
    tped.push(`${chromosome} ${id} 0 ${position} ${genotype === '--' || genotype.length !== 2 ? '0 0' : `${genotype[0]} ${genotype[1]}`}`);
  }
  // too few lines to be an array's export: read as ours, so a wrong marker is named by its line
  if (tped.length < minMarkers || known * 2 >= tped.length) return null;
  return { swabCode, tped: tped.join('\n') + '\n' };
}
