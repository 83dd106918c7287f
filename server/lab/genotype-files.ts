import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8 } from 'fflate';
import type { IngestFile } from './ingest.js';
import { IngestError } from './ingest-error.js';
import { newUnzipBudget, unzipEntries, type UnzipBudget } from './unzip.js';
import { foreignGenotypeFormat } from '../genetics/formats/foreign-formats.js';

// Files a raw-data zip may carry beside the genotypes: notes, licences, the system's own files.
const NOT_GENOTYPES = /(^|\/)(__MACOSX\/|\.[^/]*$)|\.(md|pdf|html?|rtf|json|xml|png|jpe?g)$|(^|\/)(readme|licen[cs]e)[^/]*$/i;

/**
 * Raw-data files as the lab receives them: consumer TSVs, PLINK .tped/.tfam pairs, or a zip of
 * either (unzipped on a worker thread, within one budget for the whole upload).
 */
export async function genotypeFilesFromEntries(entries: { name: string; content: Uint8Array }[], swabCode?: string, budget: UnzipBudget = newUnzipBudget()): Promise<IngestFile[]> {
  const files: IngestFile[] = [];
  const plink = new Map<string, { tped?: string; tfam?: string }>();
  for (const entry of entries) {
    const extension = path.extname(entry.name).toLowerCase();
    const base = entry.name.slice(0, entry.name.length - extension.length);
    if (extension === '.zip') {
      const inside = (await unzipEntries(entry.name, entry.content, budget)).filter(({ name }) => !NOT_GENOTYPES.test(name));
      files.push(...(await genotypeFilesFromEntries(pairLonePlinkFiles(inside.map(({ name, content }) => ({ name: `${entry.name}:${name}`, content }))), swabCode, budget)));
    } else if (extension === '.tped' || extension === '.tfam') {
      const pair = plink.get(base) ?? {};
      pair[extension === '.tped' ? 'tped' : 'tfam'] = withoutByteOrderMark(strFromU8(entry.content));
      plink.set(base, pair);
    } else {
      const foreign = foreignGenotypeFormat(entry.name, entry.content);
      if (foreign) throw new IngestError(`${entry.name} is ${foreign}.`);
      files.push({ fileName: entry.name, text: withoutByteOrderMark(strFromU8(entry.content)) });
    }
  }
  for (const [base, pair] of plink) {
    if (pair.tped === undefined || pair.tfam === undefined) throw new IngestError(`${base}: a PLINK export needs both the .tped and the .tfam file`);
    if (!swabCode) throw new IngestError(`${base}: name the swab of a PLINK export (the Swab code field on the lab page, --swab CODE on the command line)`);
    files.push({ fileName: `${base}.tped`, plink: { tped: pair.tped, tfam: pair.tfam }, swabCode });
  }
  return files;
}

/** A zip holding exactly one .tped and one .tfam is one export, whatever their names. */
function pairLonePlinkFiles(entries: { name: string; content: Uint8Array }[]): { name: string; content: Uint8Array }[] {
  const ofKind = (extension: string) => entries.filter((entry) => path.extname(entry.name).toLowerCase() === extension);
  const [tped, tfam] = [ofKind('.tped'), ofKind('.tfam')];
  if (tped.length !== 1 || tfam.length !== 1) return entries;
  const base = tped[0].name.slice(0, -'.tped'.length);
  return entries.map((entry) => (entry === tfam[0] ? { ...entry, name: `${base}.tfam` } : entry));
}

const withoutByteOrderMark = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export async function readGenotypeFiles(paths: readonly string[], swabCode?: string): Promise<IngestFile[]> {
  const entries = await Promise.all(paths.map(async (file) => ({ name: path.basename(file), content: new Uint8Array(await readFile(file)) })));
  return genotypeFilesFromEntries(entries, swabCode);
}
