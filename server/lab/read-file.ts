import { createHash } from 'node:crypto';
import type { MarkerPanel } from '../genetics/panel.js';
import { parseGenotypeFile, type GenotypeInput, type ParsedGenotypeFile } from './engine.js';
import type { IngestFile } from './ingest-file.js';
import type { Lab } from './lab.js';
import { panelChecksum } from './panel-store.js';

/**
 * A raw-data file once read: its genotypes parsed against the lab's panel and its checksum, all an
 * import needs besides its name and, for a PLINK export or report, the .tfam (the dog's id and sex,
 * for a dog registered for the export). Reading is the slow part of an import (a 230k-marker export
 * is 7.5 MB of text): the lab page does it on a worker thread (upload-reader.ts), the command line
 * and tests right here.
 */
export interface ReadGenotypeFile {
  fileName: string;
  tfam?: string;
  parsed: ParsedGenotypeFile;
  /** sha256 of the file's text (of the .tped, a NUL and the .tfam for a PLINK pair): the same file twice changes nothing. */
  sha256: string;
  /** Read on another thread: panelChecksum of the panel its calls are indexed by, which must be the lab's. */
  panelChecksum?: string;
}

function inputOf(file: IngestFile): GenotypeInput {
  return 'text' in file ? { kind: 'tsv', text: file.text } : { kind: 'plink', ...file.plink, swabCode: file.swabCode };
}

export function checksum(file: IngestFile): string {
  const hash = createHash('sha256');
  if ('text' in file) hash.update(file.text);
  else hash.update(file.plink.tped).update('\0').update(file.plink.tfam);
  return hash.digest('hex');
}

/** Parses a file for the lab's panel (an IngestError names its problem) and checksums it. */
export function readGenotypeFile(file: IngestFile, panel: MarkerPanel): ReadGenotypeFile {
  const parsed = parseGenotypeFile(inputOf(file), panel);
  return { fileName: file.fileName, ...('plink' in file ? { tfam: file.plink.tfam } : {}), parsed, sha256: checksum(file) };
}

const labChecksums = new WeakMap<Lab, string>();

/** Whether a file was read against the lab's own panel (one read on this thread always is). */
export function readForLab(file: ReadGenotypeFile, lab: Lab): boolean {
  if (file.panelChecksum === undefined) return true;
  let checksum = labChecksums.get(lab);
  if (!checksum) labChecksums.set(lab, (checksum = panelChecksum(lab.panel)));
  return file.panelChecksum === checksum;
}
