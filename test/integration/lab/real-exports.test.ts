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
import { REAL_EXPORTS, readExport, realDataPresent, reencode, type RealExport } from '../../support/realdata.js';
import { testLab } from '../../support/lab.js';
import { uploadOutcome } from '../../support/lab-uploads.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { IngestError } from '../../../server/lab/ingest-error.js';

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
      const response = await uploadOutcome(agent, await upload(agent, token, dog));
      expect(response.text, response.text.match(/role="alert">[^<]*/)?.[0]).to.not.include('class="form-error"');
      expect(response.text).to.include(`swab ${dog.swabCode} registered for a new dog of ${OWNER}`);
    }
    await expectLabResults(db);
  });
});

describe('a real export re-encoded to another array version', function () {
  this.timeout(600_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }
  const [aspen, coralie] = REAL_EXPORTS;

  /** Imports Aspen as she is and Aspen written on Coralie's older array (its lines, order, probe names, other strand), in the order given. */
  async function importBoth(reencodedFirst: boolean) {
    const db = await testDb();
    await resetDatabase(db);
    const lab = await testLab(db);
    await createUser(db, { email: OWNER });
    const original = { fileName: 'aspen.tped', plink: readExport(aspen), swabCode: 'REENCODEORIGINAL' };
    const reencoded = { fileName: 'aspen-on-v1.tped', plink: { tped: reencode(original.plink.tped, readExport(coralie).tped), tfam: original.plink.tfam }, swabCode: 'REENCODEDONV1' };
    const files = reencodedFirst ? [reencoded, original] : [original, reencoded];
    const outcomes = [];
    for (const file of files) outcomes.push(await ingestGenotypeFile(db, lab, file, { newDog: { ownerEmail: OWNER, dogName: file.swabCode } }));
    const panels = await db('genotypes').distinct('panel_id').pluck('panel_id');
    const pair = await db('relatives').first('kinship', 'category', 'display_relatedness');
    return { outcomes, panels, pair };
  }

  it('comes out as the same dog (kinship near 1/2), whichever file is imported first', async () => {
    const first = await importBoth(false);
    expect(first.outcomes.map((outcome) => outcome.status)).to.deep.equal(['released', 'released']);
    expect(first.panels, 'two array versions').to.have.length(2);
    expect(first.pair?.category).to.equal('same_dog');
    expect(Number(first.pair?.kinship)).to.be.within(0.47, 0.5);
    expect(first.pair?.display_relatedness).to.match(/^shares (9[5-9]|100)\.\d% of DNA$/);
    const second = await importBoth(true);
    expect(second.pair?.category).to.equal('same_dog');
    expect(Number(second.pair?.kinship)).to.be.closeTo(Number(first.pair?.kinship), 0.005);
  });
});

describe('the raw-data download of a dog read from a real export', function () {
  this.timeout(600_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }

  it('imports again: the TSV its owner downloads, uploaded for another swab, is the same dog', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const app = await testApp();
    await createUser(db, { email: OWNER });
    await createUser(db, { email: 'labadmin@example.test', isAdmin: true });
    const lab = await testLab(db);
    const duke = REAL_EXPORTS[2];
    const first = await ingestGenotypeFile(db, lab, { fileName: 'duke.tped', plink: readExport(duke), swabCode: 'DOWNLOADORIG01' }, { newDog: { ownerEmail: OWNER, dogName: 'Duke' } });
    if (first.status !== 'released') throw new Error(`expected a release, got ${first.status}`);
    const owner = await signIn(app, OWNER, TEST_PASSWORD);
    const download = await owner.get(`/members/pet/${first.petNum}/raw-data`).buffer(true).expect(200);
    const tsv = String(download.text ?? download.body).replace('# swab: DOWNLOADORIG01', '# swab: DOWNLOADCOPY01');
    const admin = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(admin, '/admin/lab');
    const upload = await uploadOutcome(admin, await admin.post('/admin/lab/upload').field('_csrf', token).field('swabCode', 'DOWNLOADCOPY01').field('ownerEmail', OWNER).field('dogName', 'Duke again').attach('files', Buffer.from(tsv), 'duke-raw-data.tsv'));
    expect(upload.text).not.to.include('unknown marker');
    expect(upload.text, upload.text.match(/form-error[^<]*<\/p>|role="alert">[^<]*/)?.[0]).to.include('swab DOWNLOADCOPY01 released');
    const copy = (await db('swabs').where({ swab_code: 'DOWNLOADCOPY01' }).first('pet_num')).pet_num;
    const pair = await db('relatives').where({ pet_num_a: Math.min(first.petNum, copy), pet_num_b: Math.max(first.petNum, copy) }).first('category');
    expect(pair?.category).to.equal('same_dog');
  });
});

describe('all or nothing for a real export registering a new dog', function () {
  this.timeout(600_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }

  it('leaves no dog, no swab and no results when the import is refused after the dog was registered', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const lab = await testLab(db);
    const owner = await createUser(db, { email: OWNER });
    const { tped, tfam } = readExport(REAL_EXPORTS[2]);
    // the dog is registered as a female: the male's X holds the results for review; a garbage tail makes the file unreadable
    const garbage = tped + 'not a genotype line\n'.repeat(20_000);
    let error: unknown;
    try {
      await ingestGenotypeFile(db, lab, { fileName: 'duke.tped', plink: { tped: garbage, tfam }, swabCode: 'ALLORNOTHING01' }, { newDog: { ownerEmail: OWNER } });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(IngestError);
    expect((error as Error).message).to.match(/^line 229989: expected at least 6 fields/);
    // a failure inside the transaction, after the registration: the database refuses a genotype row
    await db.raw('alter table genotypes add constraint test_refuse_genotypes check (marker_count < 0) not valid');
    try {
      error = undefined;
      try {
        await ingestGenotypeFile(db, lab, { fileName: 'duke.tped', plink: { tped, tfam }, swabCode: 'ALLORNOTHING01' }, { newDog: { ownerEmail: OWNER } });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.not.equal(undefined);
    } finally {
      await db.raw('alter table genotypes drop constraint test_refuse_genotypes');
    }
    expect(await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').where('pet_owners.user_id', owner.id).count('* as c')).to.deep.equal([{ c: 0 }]);
    expect(await db('swabs').where({ swab_code: 'ALLORNOTHING01' }).count('* as c')).to.deep.equal([{ c: 0 }]);
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
    expect(await db('genetic_stats').count('* as c')).to.deep.equal([{ c: 0 }]);
    // and the same file then imports on the first try
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'duke.tped', plink: { tped, tfam }, swabCode: 'ALLORNOTHING01' }, { newDog: { ownerEmail: OWNER } });
    expect(outcome).to.include({ status: 'released' });
    expect(outcome.report).to.include({ registeredDog: true, skippedLines: 0 });
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
