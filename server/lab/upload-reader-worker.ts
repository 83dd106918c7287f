// The upload reader's worker thread (see upload-reader.ts): unpacks an upload, decodes, parses and
// checksums its export, and answers with the parsed genotypes, not the text.
import { buildSimulatedPanel, type MarkerPanel } from '../genetics/panel.js';
import { genotypeFilesFromEntries } from './genotype-files.js';
import { IngestError } from './ingest-error.js';
import { panelChecksum } from './panel-store.js';
import { readGenotypeFile } from './read-file.js';
import { sendableRead } from './read-transfer.js';
import type { ReadTask, ReadAnswer } from './upload-reader.js';

/** The lab's panel, built here as openLab builds it (a few milliseconds for 8,000 markers), once a thread; the import checks it is the lab's. */
const panels = new Map<number, { panel: MarkerPanel; checksum: string }>();

function labPanel(panelSize: number): { panel: MarkerPanel; checksum: string } {
  let built = panels.get(panelSize);
  if (!built) {
    const panel = buildSimulatedPanel({ snpCount: panelSize });
    built = { panel, checksum: panelChecksum(panel) };
    panels.set(panelSize, built);
  }
  return built;
}

/** A refusal as a value: an error's class does not cross threads. */
const refusal = (error: IngestError) => ({ message: error.message, ...(error.line ? { line: error.line } : {}) });

export default async function readUpload(task: ReadTask): Promise<ReadAnswer> {
  const { panel, checksum } = labPanel(task.panelSize);
  const entries = task.entries.map(({ name, content }) => ({ name, content: new Uint8Array(content) }));
  // the entries hold the bytes from here on, and are let go of once read
  task.entries.length = 0;
  let files;
  try {
    files = await genotypeFilesFromEntries(entries, task.swabCode);
  } catch (error) {
    if (error instanceof IngestError) return { refused: refusal(error) };
    throw error;
  }
  entries.length = 0;
  // one export an upload: the server refuses any other number without reading them
  if (files.length !== 1) return { fileNames: files.map((file) => file.fileName) };
  const [file] = files;
  files.length = 0;
  try {
    return { read: sendableRead({ ...readGenotypeFile(file, panel), panelChecksum: checksum }) };
  } catch (error) {
    if (error instanceof IngestError) return { fileNames: [file.fileName], refused: refusal(error) };
    throw error;
  }
}
