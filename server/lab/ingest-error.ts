import { GenotypeFileError } from '../genetics/formats/genotype-file-error.js';

/** A genotype file or swab the lab cannot ingest; the message names the line when there is one. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line ? `line ${line}: ${message}` : message);
    this.name = 'IngestError';
  }
}

/** A file's parse error as the lab reports it (its line kept once, not twice in the text); anything else as it is. */
export function asIngestError(error: unknown): unknown {
  return error instanceof GenotypeFileError ? new IngestError(error.message.replace(/^line \d+: /, ''), error.line || undefined) : error;
}
