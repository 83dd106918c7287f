import { Piscina } from 'piscina';
import { IngestError } from './ingest-error.js';
import type { LabOptions } from './options.js';
import type { ReadGenotypeFile } from './read-file.js';
import { receivedRead, type SentReadFile } from './read-transfer.js';

// Reading an upload (unpacking it, decoding its text, parsing its markers, checksumming it) takes a
// 230k-marker export about a second of CPU, and a file of millions of lines many; on the server's
// own thread that second is one in which no other request is answered. It runs on the upload
// reader's worker thread instead, the upload's bytes handed over (transferred, not copied), and
// only the parsed genotypes come back. The database work stays on the server's thread, in the
// import's transaction.

export interface ReadTask {
  entries: { name: string; content: ArrayBuffer }[];
  swabCode?: string;
  /** The lab's panel size: the reader builds the same panel as the lab (and says which, see ReadGenotypeFile.panelChecksum). */
  panelSize: number;
}

type Refusal = { message: string; line?: number };

/** The one export read, the names of the exports when there are not exactly one, or why the upload (or its one export) is refused. */
export type ReadAnswer = { read: SentReadFile } | { fileNames: string[]; refused?: Refusal } | { refused: Refusal };

/**
 * Threads reading uploads at once: one. Uploads are an admin's, rare, and each may take hundreds of
 * megabytes while it is read; a second waits its turn. The thread's heap is capped: a real export
 * (230k markers) reads in under 128 MB, one of as many markers as the lab reads (MAX_EXPORT_MARKERS)
 * in under 224 MB whatever its format, and a file that would take more (long lines within the
 * marker and unzip limits) is refused, not the server's memory exhausted.
 */
export const UPLOAD_READER_THREADS = 1;
export const UPLOAD_READER_HEAP_MB = 256;

let pool: Piscina<ReadTask, ReadAnswer> | undefined;

function readerPool(): Piscina<ReadTask, ReadAnswer> {
  pool ??= new Piscina({
    filename: new URL('./pool-boot.mjs', import.meta.url).href,
    workerData: { module: new URL('./upload-reader-worker.ts', import.meta.url).href },
    minThreads: 0,
    maxThreads: UPLOAD_READER_THREADS,
    // the thread ends once idle: what reading left on its heap (hundreds of MB for a big export) goes
    // with it, before the import builds its own; a new one starts for the next upload in about a second
    idleTimeout: 0,
    resourceLimits: { maxOldGenerationSizeMb: UPLOAD_READER_HEAP_MB },
  });
  return pool;
}

/** The one export of an upload: read, or refused with the reason ingestGenotypeFile would have given. */
export type UploadFile = { fileName: string } & ({ read: ReadGenotypeFile } | { refused: IngestError });

const ingestError = ({ message, line }: Refusal) => Object.assign(new IngestError(message), line ? { line } : {});

/**
 * The export of an upload (the files as multer holds them), read. An upload the lab cannot read,
 * or holding no export or more than one, throws an IngestError saying why; nothing is read then.
 * The files' buffers are handed to the reader: do not use them afterwards.
 */
export async function readUpload(uploads: readonly { name: string; content: Uint8Array }[], swabCode: string | undefined, lab: LabOptions): Promise<UploadFile> {
  const handed = new Set<ArrayBuffer>();
  const entries = uploads.map(({ name, content }) => {
    const buffer = ownBuffer(content, handed);
    handed.add(buffer);
    return { name, content: buffer };
  });
  const task: ReadTask = { entries, ...(swabCode ? { swabCode } : {}), panelSize: lab.panelSize };
  let answer: ReadAnswer;
  try {
    answer = await readerPool().run(task, { transferList: entries.map((entry) => entry.content) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new IngestError(`${uploads.map((upload) => upload.name).join(', ')}: refused, reading it takes more than the ${UPLOAD_READER_HEAP_MB} MB a raw-data export needs`);
    }
    throw error;
  }
  if ('read' in answer) return { fileName: answer.read.fileName, read: receivedRead(answer.read) };
  if (!('fileNames' in answer)) throw ingestError(answer.refused);
  const { fileNames, refused } = answer;
  if (fileNames.length === 0) throw new IngestError('No genotype file in the upload: a TSV, a PLINK export (.tped/.tfam, .ped/.map or .bed/.bim/.fam), a GenomeStudio Final Report, or a zip, tar or gzip of them.');
  // one dog an upload: two exports would be ingested one by one, the second maybe refused after the first was released
  if (fileNames.length > 1) throw new IngestError(`The upload holds ${fileNames.length} exports (${fileNames.join(', ')}): upload one dog’s export at a time; nothing changed.`);
  return { fileName: fileNames[0], refused: ingestError(refused!) };
}

/**
 * An ArrayBuffer holding just these bytes, to transfer: the file's own when it is all of it (and not
 * handed over for another file already), else a copy (a small Buffer is a view into Node's shared
 * pool, which must not be handed away).
 */
function ownBuffer(content: Uint8Array, handed: ReadonlySet<ArrayBuffer>): ArrayBuffer {
  const whole = content.byteOffset === 0 && content.byteLength === content.buffer.byteLength;
  if (whole && content.buffer instanceof ArrayBuffer && !handed.has(content.buffer)) return content.buffer;
  // new Uint8Array(view) copies (a Buffer's own slice() would not)
  return new Uint8Array(content).buffer;
}
