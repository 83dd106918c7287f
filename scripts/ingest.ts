// npm run ingest -- FILE…   Reads raw-data genotype files (one swab each) into the database.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSettings } from '../server/settings.js';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';
import { openLab } from '../server/lab/lab.js';
import { ingestGenotypeFile, IngestError } from '../server/lab/ingest.js';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run ingest -- FILE…');
  process.exit(2);
}

const settings = loadSettings();
const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
let failed = 0;
try {
  await migrateToLatest(database.db);
  await syncCatalogues(database.db);
  const lab = await openLab(database.db, settings.lab);
  for (const file of files) {
    const name = path.basename(file);
    try {
      const started = Date.now();
      const outcome = await ingestGenotypeFile(database.db, lab, { fileName: name, text: await readFile(file, 'utf8') });
      const took = `${Date.now() - started} ms`;
      if (outcome.status === 'released') console.log(`${name}: swab ${outcome.swabCode} released for dog ${outcome.petNum}, ${outcome.relatives} relatives (${took})`);
      if (outcome.status === 'held') console.log(`${name}: swab ${outcome.swabCode} held for lab review: ${outcome.reason}`);
      if (outcome.status === 'unchanged') console.log(`${name}: already ingested, nothing changed`);
    } catch (error) {
      failed++;
      if (error instanceof IngestError) console.error(`${name}: ${error.message}`);
      else throw error;
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
