// npm run ingest -- [--replace] [--swab CODE [--owner EMAIL [--dog NAME]]] FILE…
// Reads raw-data genotype files into the database: consumer TSVs (the swab code is inside),
// PLINK exports (.tped/.tfam, .ped/.map or .bed/.bim/.fam) and Illumina GenomeStudio Final Reports
// (name the swab with --swab), and zips, tars and gzips of them. With --owner, a swab
// code the lab does not know yet is registered for a new dog of that account (named --dog, else
// after the export's individual id). --replace replaces the results of a swab already released.
import { loadSettings } from '../server/settings.js';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';
import { openLab } from '../server/lab/lab.js';
import { describeRelatives, describeReport, ingestGenotypeFile, IngestError } from '../server/lab/ingest.js';
import { readGenotypeFiles } from '../server/lab/genotype-files.js';
import { installJobQueue } from '../server/jobs/queue.js';
import { createJobWorkers } from '../server/jobs/workers.js';
import { relativeMatchingJob, RELATIVES_MATCH_JOB } from '../server/lab/relatives-job.js';

const args = process.argv.slice(2);
const OPTIONS = ['--swab', '--owner', '--dog'] as const;
const option = (name: (typeof OPTIONS)[number]) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? '') : undefined;
};
const [swabCode, ownerEmail, dogName] = OPTIONS.map(option);
const optionPositions = new Set(OPTIONS.flatMap((name) => (args.includes(name) ? [args.indexOf(name), args.indexOf(name) + 1] : [])));
const replaceReleased = args.includes('--replace');
const paths = args.filter((arg, i) => !optionPositions.has(i) && arg !== '--replace');
if (paths.length === 0 || swabCode === '' || ownerEmail === '' || dogName === '' || (ownerEmail && !swabCode) || (dogName && !ownerEmail)) {
  console.error('usage: npm run ingest -- [--replace] [--swab CODE [--owner EMAIL [--dog NAME]]] FILE…');
  process.exit(2);
}

const settings = loadSettings();
// unzipped on a worker thread while the database and the lab's panel open
const reading = readGenotypeFiles(paths, swabCode).then(
  (files) => ({ files }),
  (error: unknown) => ({ error }),
);
const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
let failed = 0;
try {
  await migrateToLatest(database.db);
  await syncCatalogues(database.db);
  const relativeMatching = relativeMatchingJob(database.db, settings.lab);
  await installJobQueue(database.db, [relativeMatching]);
  const lab = await openLab(database.db, settings.lab);
  const read = await reading;
  if ('error' in read) {
    if (!(read.error instanceof IngestError)) throw read.error;
    console.error(read.error.message);
    process.exit(1);
  }
  const { files } = read;
  const forSwab = files.filter((file) => 'plink' in file);
  if (forSwab.length > 1) {
    // each would be ingested for the one swab --swab names: the second refused after the first was released
    console.error(`${forSwab.map((file) => file.fileName).join(', ')}: ${forSwab.length} exports for the one swab ${swabCode}: ingest one dog’s export at a time; nothing changed`);
    process.exit(1);
  }
  for (const file of files) {
    try {
      const started = Date.now();
      const outcome = await ingestGenotypeFile(database.db, lab, file, { ...(ownerEmail ? { newDog: { ownerEmail, dogName } } : {}), replaceReleased });
      const took = `${Date.now() - started} ms`;
      if (outcome.report.registeredDog) console.log(`${file.fileName}: swab ${swabCode} registered for a new dog of ${ownerEmail}`);
      console.log(`${file.fileName}: ${describeReport(outcome.report)}`);
      if (outcome.status === 'released') console.log(`${file.fileName}: swab ${outcome.swabCode} released for dog ${outcome.petNum}, ${describeRelatives(outcome.relatives)} (${took})`);
      if (outcome.status === 'held') console.log(`${file.fileName}: swab ${outcome.swabCode} held for lab review: ${outcome.reason}`);
      if (outcome.status === 'unchanged') console.log(`${file.fileName}: already ingested, nothing changed`);
    } catch (error) {
      failed++;
      if (error instanceof IngestError) console.error(`${file.fileName}: ${error.message}`);
      else throw error;
    }
  }
  // the relatives of the released dogs are matched here, unless running workers take the jobs first
  const started = Date.now();
  const matching = await createJobWorkers(database.db, [relativeMatching]).runDue([RELATIVES_MATCH_JOB]);
  if (matching.done || matching.failed) console.log(`Relative matching: ${matching.done} jobs done, ${matching.failed} failed (${Date.now() - started} ms)`);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
