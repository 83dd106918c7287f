// What the lab page says of an upload's import, recorded by its job (server/lab/ingest-job.ts) and
// shown on the page in the words the lab has always used.
import { describeRelatives, describeReport, type IngestOutcome } from './ingest.js';

export function describeOutcome(fileName: string, outcome: IngestOutcome): string {
  if (outcome.status === 'released') return `${fileName}: swab ${outcome.swabCode} released for dog ${outcome.petNum}, ${describeRelatives(outcome.relatives)} (${describeReport(outcome.report)}).`;
  if (outcome.status === 'held') return `${fileName}: swab ${outcome.swabCode} held for lab review: ${outcome.reason}`;
  return `${fileName}: already ingested, nothing changed.`;
}

export const registeredForNewDog = (fileName: string, swabCode: string, ownerEmail: string) => `${fileName}: swab ${swabCode} registered for a new dog of ${ownerEmail}.`;
