import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '../../../server/db/index.js';
import { openDatabase } from '../../../server/db/index.js';
import { migrateToLatest } from '../../../server/db/migrate.js';
import { syncCatalogues } from '../../../server/catalogue/sync.js';
import { csrfToken, signIn, testApp, TEST_LAB_OPTIONS } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { REAL_EXPORTS, realDataPresent, type RealExport } from '../../support/realdata.js';

const run = promisify(execFile);
const OWNER = 'realowner@example.test';

/** What the lab published about each dog, checked on what a database holds after the import. */
async function expectLabResults(db: Db) {
  const petNums: number[] = [];
  for (const dog of REAL_EXPORTS) {
    const row = await db('swabs')
      .join('pets', 'pets.pet_num', 'swabs.pet_num')
      .join('genotypes', 'genotypes.pet_num', 'pets.pet_num')
      .join('genetic_stats', 'genetic_stats.pet_num', 'pets.pet_num')
      .where({ 'swabs.swab_code': dog.swabCode, 'genotypes.is_current': true })
      .first('pets.pet_num', 'pets.name', 'pets.sex', 'swabs.swab_state', 'genotypes.inferred_sex', 'genetic_stats.coi');
    expect(row, dog.name).to.not.equal(undefined);
    expect(row, dog.name).to.include({ name: dog.name, sex: dog.sex, inferred_sex: dog.sex, swab_state: 'released' });
    expect(Number(row.coi), `${dog.name}'s COI`).to.be.closeTo(dog.publishedCoi, 0.01);
    petNums.push(row.pet_num);
  }
  const family = await db('relatives').whereIn('pet_num_a', petNums).whereIn('pet_num_b', petNums).select('pet_num_a', 'pet_num_b', 'category', 'kinship');
  expect(family, 'relatives among three unrelated dogs').to.deep.equal([]);
}

describe('real raw-data exports (shared/realdata)', function () {
  this.timeout(600_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }

  it('import through npm run ingest, registering each dog: sex as the .tfam states, COI within 0.01 of the published value, no family among them', async () => {
    // The command line needs a database of its own process: the test database on PostgreSQL, a folder on PGlite.
    const usesPostgres = Boolean(process.env.DATABASE_URL);
    const dataDir = usesPostgres ? undefined : mkdtempSync(path.join(tmpdir(), 'realdata-'));
    const open = async () => (usesPostgres ? { db: await testDb(), close: async () => {} } : await openFolder(dataDir!));
    try {
      let database = await open();
      if (usesPostgres) await resetDatabase(database.db);
      await createUser(database.db, { email: OWNER });
      await database.close();
      const env = { ...process.env, LAB_SEED: String(TEST_LAB_OPTIONS.seed), MARKER_PANEL_SIZE: String(TEST_LAB_OPTIONS.panelSize), ...(dataDir ? { DATA_DIR: dataDir } : {}) };
      for (const dog of REAL_EXPORTS) {
        const { stdout } = await run('npm', ['run', '--silent', 'ingest', '--', '--swab', dog.swabCode, '--owner', OWNER, '--dog', dog.name, dog.zipPath], { env, cwd: process.cwd() });
        expect(stdout).to.include(`swab ${dog.swabCode} registered for a new dog of ${OWNER}`);
        expect(stdout).to.match(new RegExp(`swab ${dog.swabCode} released for dog \\d+, 0 relatives`));
      }
      database = await open();
      try {
        await expectLabResults(database.db);
      } finally {
        await database.close();
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('import through the admin upload, registering each dog, with the same results', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const app = await testApp();
    await createUser(db, { email: 'realadmin@example.test', isAdmin: true });
    await createUser(db, { email: OWNER });
    const agent = await signIn(app, 'realadmin@example.test', TEST_PASSWORD);
    for (const dog of REAL_EXPORTS) {
      const token = await csrfToken(agent, '/admin/lab');
      const response = await upload(agent, token, dog);
      expect(response.status, response.text.slice(0, 2000)).to.equal(200);
      expect(response.text).to.include(`swab ${dog.swabCode} registered for a new dog of ${OWNER}`);
    }
    await expectLabResults(db);
  });
});

function upload(agent: Awaited<ReturnType<typeof signIn>>, token: string, dog: RealExport) {
  return agent
    .post('/admin/lab/upload')
    .field('_csrf', token)
    .field('swabCode', dog.swabCode)
    .field('ownerEmail', OWNER)
    .field('dogName', dog.name)
    .attach('files', readFileSync(dog.zipPath), path.basename(dog.zipPath));
}

async function openFolder(dataDir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await syncCatalogues(database.db);
  return { db: database.db, close: () => database.close() };
}
