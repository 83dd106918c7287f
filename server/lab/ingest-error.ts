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
