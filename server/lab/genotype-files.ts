import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IngestFile } from './ingest-file.js';
import { asIngestError, IngestError } from './ingest-error.js';
import { gunzipFile, newUnzipBudget, unzipEntries, type UnzipBudget } from './unzip.js';
import { isTar, untarEntries } from './untar.js';
import { foreignGenotypeFormat } from '../genetics/formats/foreign-formats.js';
import { bedToTransposed, pedToTransposed, type TransposedPair } from '../genetics/formats/plink-layouts.js';
import { illuminaReportToTransposed, isIlluminaReport } from '../genetics/formats/illumina-report.js';

// Files a raw-data archive may carry beside the genotypes: notes, licences, the system's own files.
const NOT_GENOTYPES = /(^|\/)(__MACOSX\/|\.[^/]*$)|\.(md|pdf|html?|rtf|json|xml|png|jpe?g)$|(^|\/)(readme|licen[cs]e)[^/]*$/i;

const NAME_THE_SWAB = 'name the swab of a PLINK export or GenomeStudio report (the Swab code field on the lab page, --swab CODE on the command line)';

/**
 * Markers of one dog's export at most, counted before a file is read (one line a marker; a .bed one
 * byte, a .ped two alleles): the arrays exports come from hold a few hundred thousand (the real
 * exports, 215k to 230k lines), so this is more than twice any of them. A file past it is refused
 * before its text is decoded, not after the server has built millions of markers in memory: an
 * import of this many markers already takes the server about 800 MB in all.
 */
export const MAX_EXPORT_MARKERS = 500_000;

/** Bytes holding at least the 2,000 characters foreignGenotypeFormat looks at (4 bytes a character at most). */
const FOREIGN_HEAD_BYTES = 8192;

/** Archives inside archives are opened this deep at most (a zip or gzip can hold itself). */
const MAX_ARCHIVE_DEPTH = 4;

/** PLINK's three layouts of one dog's genotypes, each a set of files sharing a name. */
const PLINK_LAYOUTS = [
  { extensions: ['.tped', '.tfam'], name: 'a .tped/.tfam pair' },
  { extensions: ['.ped', '.map'], name: 'a .ped/.map pair' },
  { extensions: ['.bed', '.bim', '.fam'], name: 'a .bed/.bim/.fam set' },
] as const;
const PLINK_EXTENSIONS = new Set<string>(PLINK_LAYOUTS.flatMap((layout) => layout.extensions));

type Entry = { name: string; content: Uint8Array };

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

/**
 * Raw-data files as the lab receives them: consumer TSVs, PLINK exports in any of its three layouts
 * (.tped/.tfam, .ped/.map, .bed/.bim/.fam), Illumina GenomeStudio Final Reports, and zips, tars and gzips of them (unpacked on a worker
 * thread, within one budget for the whole upload).
 */
export async function genotypeFilesFromEntries(entries: Entry[], swabCode?: string, budget: UnzipBudget = newUnzipBudget(), depth = 0): Promise<IngestFile[]> {
  const files: IngestFile[] = [];
  const plink = new Map<string, Map<string, Uint8Array>>();
  for (const original of pairLonePlinkFiles(entries)) {
    const entry = await gunzipped(original, budget);
    const unpacked = await unpack(entry, budget);
    if (unpacked) {
      if (depth >= MAX_ARCHIVE_DEPTH) throw new IngestError(`${entry.name}: refused, archives nested more than ${MAX_ARCHIVE_DEPTH} deep`);
      const inside = unpacked.filter(({ name }) => !NOT_GENOTYPES.test(name));
      files.push(...(await genotypeFilesFromEntries(inside, swabCode, budget, depth + 1)));
      continue;
    }
    const extension = startsWith(entry.content, 0x6c, 0x1b) ? '.bed' : path.extname(entry.name).toLowerCase();
    const isPlink = PLINK_EXTENSIONS.has(extension);
    // what a file the lab does not read is, from its name and first characters, before it is counted
    const foreign = isPlink ? null : foreignGenotypeFormat(entry.name, textOf(entry.content.subarray(0, FOREIGN_HEAD_BYTES)));
    if (foreign) throw new IngestError(`${entry.name} is ${foreign}.`);
    refuseBeyondAnyArray(entry, extension);
    if (isPlink) {
      const base = entry.name.slice(0, entry.name.length - path.extname(entry.name).length);
      const set = plink.get(base) ?? new Map<string, Uint8Array>();
      set.set(extension, entry.content);
      plink.set(base, set);
      continue;
    }
    const text = textOf(entry.content);
    if (isIlluminaReport(text.slice(0, 100))) {
      if (!swabCode) throw new IngestError(`${entry.name}: ${NAME_THE_SWAB}`);
      files.push({ fileName: entry.name, plink: read(() => illuminaReportToTransposed(text, entry.name)), swabCode });
      continue;
    }
    files.push({ fileName: entry.name, text });
  }
  for (const [base, set] of plink) {
    const { pair, extension } = transposedPair(base, set);
    if (!swabCode) throw new IngestError(`${base}: ${NAME_THE_SWAB}`);
    files.push({ fileName: `${base}${extension}`, plink: pair, swabCode });
  }
  return files;
}

/** A file with more markers than any array's export is refused by name, before it is decoded. */
function refuseBeyondAnyArray(entry: Entry, extension: string): void {
  const markers = extension === '.bed' ? entry.content.length - 3 : extension === '.ped' ? fieldCount(entry.content, 2 * MAX_EXPORT_MARKERS + 6) / 2 : lineCount(entry.content, MAX_EXPORT_MARKERS);
  if (markers > MAX_EXPORT_MARKERS) {
    throw new IngestError(`${entry.name}: refused, more than ${MAX_EXPORT_MARKERS} markers: a dog’s raw-data export holds about 230000 (one a line), and the lab reads at most ${MAX_EXPORT_MARKERS}`);
  }
}

/** Lines of a file's bytes (UTF-16 too: its newlines hold the byte 0x0a), counted up to one past `upTo`. */
function lineCount(bytes: Uint8Array, upTo: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(0x0a); at >= 0 && count <= upTo; at = buffer.indexOf(0x0a, at + 1)) count++;
  // a last line without its newline
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? count + 1 : count;
}

/** Whitespace-separated fields of a file's bytes, counted up to one past `upTo`. */
function fieldCount(bytes: Uint8Array, upTo: number): number {
  let count = 0;
  let inField = false;
  for (let i = 0; i < bytes.length && count <= upTo; i++) {
    const byte = bytes[i];
    const space = byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
    if (!space && !inField) count++;
    inField = !space;
  }
  return count;
}

/** A gzip file as the file it holds (dog.tped.gz as dog.tped); any other file as it is. */
async function gunzipped(entry: Entry, budget: UnzipBudget): Promise<Entry> {
  let { name, content } = entry;
  for (let depth = 0; startsWith(content, 0x1f, 0x8b); depth++) {
    if (depth >= MAX_ARCHIVE_DEPTH) throw new IngestError(`${entry.name}: refused, archives nested more than ${MAX_ARCHIVE_DEPTH} deep`);
    content = await gunzipFile(name, content, budget);
    name = name.replace(/\.gz$/i, '');
  }
  // a .tar.gz's files are named after the file uploaded
  return { name: isTar(content) ? entry.name : name, content };
}

/** The files inside a zip or tar (named after the archive), or null for a file that is not one. */
async function unpack(entry: Entry, budget: UnzipBudget): Promise<Entry[] | null> {
  const { name, content } = entry;
  const within = (inside: Entry[]) => inside.map((file) => ({ name: `${name}:${file.name}`, content: file.content }));
  if (path.extname(name).toLowerCase() === '.zip' || startsWith(content, 0x50, 0x4b, 0x03, 0x04)) return within(await unzipEntries(name, content, budget));
  if (isTar(content)) return within(await untarEntries(name, content));
  if (path.extname(name).toLowerCase() === '.tar') throw new IngestError(`${name}: not a readable tar archive`);
  return null;
}

/** A PLINK export's files as the .tped/.tfam pair the engine reads (and the extension naming the export); a missing member is named. */
function transposedPair(base: string, set: Map<string, Uint8Array>): { pair: TransposedPair; extension: string } {
  const layout = PLINK_LAYOUTS.find((candidate) => candidate.extensions.some((extension) => set.has(extension)))!;
  const missing = layout.extensions.filter((extension) => !set.has(extension));
  if (missing.length > 0) throw new IngestError(`${base}: a PLINK export needs ${layout.name}; ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`);
  const text = (extension: string) => textOf(set.get(extension)!);
  const named = (extension: string) => `${path.basename(base)}${extension}`;
  const extension = layout.extensions[0];
  if (extension === '.tped') return { pair: { tped: text('.tped'), tfam: text('.tfam') }, extension };
  if (extension === '.ped') return { pair: read(() => pedToTransposed(text('.ped'), text('.map'), { ped: named('.ped'), map: named('.map') })), extension };
  return { pair: read(() => bedToTransposed(set.get('.bed')!, text('.bim'), text('.fam'), { bed: named('.bed'), bim: named('.bim'), fam: named('.fam') })), extension };
}

/** A file rewritten as the pair, its problems as the lab reports them. */
function read(rewrite: () => TransposedPair): TransposedPair {
  try {
    return rewrite();
  } catch (error) {
    throw asIngestError(error);
  }
}

/** Files holding one PLINK export (an upload, an archive) are that export, whatever they are called. */
function pairLonePlinkFiles(entries: Entry[]): Entry[] {
  const ofKind = (extension: string) => entries.filter((entry) => path.extname(entry.name).toLowerCase() === extension);
  for (const { extensions } of PLINK_LAYOUTS) {
    const members = extensions.map(ofKind);
    if (members.some((files) => files.length !== 1)) continue;
    const base = members[0][0].name.slice(0, -extensions[0].length);
    return entries.map((entry) => {
      const at = members.findIndex(([member]) => member === entry);
      return at > 0 ? { ...entry, name: `${base}${extensions[at]}` } : entry;
    });
  }
  return entries;
}

const withoutByteOrderMark = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * A file's text: UTF-8 (a byte-order mark dropped), or UTF-16 after its byte-order mark (what Excel
 * saves as "Unicode Text"). A decoder of its own: fflate's strFromU8 decodes with one that has once
 * streamed, which Node then runs on its slow path, making a string of two bytes a character outside
 * the heap (a 185 MB file took 370 MB and a third of a second; this way 185 MB, counted in the heap).
 */
function textOf(content: Uint8Array): string {
  if (startsWith(content, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(content);
  if (startsWith(content, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(content);
  return withoutByteOrderMark(new TextDecoder().decode(content));
}

export async function readGenotypeFiles(paths: readonly string[], swabCode?: string): Promise<IngestFile[]> {
  const entries = await Promise.all(paths.map(async (file) => ({ name: path.basename(file), content: new Uint8Array(await readFile(file)) })));
  return genotypeFilesFromEntries(entries, swabCode);
}
