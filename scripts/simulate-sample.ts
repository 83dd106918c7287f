// npm run simulate-sample -- SWAB [SIRE_PET_NUM DAM_PET_NUM] > sample.tsv
// Writes, for a swab waiting for results, the raw-data file a lab would produce for a puppy of two
// tested dogs (by default the swab owner's tested dogs of each sex, oldest first).
import { loadSettings } from '../server/settings.js';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';
import { openLab } from '../server/lab/lab.js';
import { unpackGenotype } from '../server/genetics/genotype.js';
import { writeTsvGenotypes } from '../server/genetics/formats/tsv.js';
import { offspringCalls } from '../server/lab/offspring.js';
import type { Db } from '../server/db/index.js';

const [swabCode, sireArg, damArg] = process.argv.slice(2);
if (!swabCode) {
  console.error('usage: npm run simulate-sample -- SWAB [SIRE_PET_NUM DAM_PET_NUM] > sample.tsv');
  process.exit(2);
}

async function genotypeOf(db: Db, petNum: number) {
  const row = await db('genotypes').where({ pet_num: petNum, is_current: true }).first('calls', 'marker_count');
  if (!row) throw new Error(`Dog ${petNum} has no genotype`);
  return unpackGenotype(new Uint8Array(row.calls), row.marker_count);
}

async function defaultParent(db: Db, ownerId: number, sex: 'm' | 'f'): Promise<number> {
  const row = await db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .join('genotypes', 'genotypes.pet_num', 'pets.pet_num')
    .where({ 'pet_owners.user_id': ownerId, 'pets.sex': sex, 'genotypes.is_current': true })
    .orderBy('pets.date_of_birth')
    .first('pets.pet_num');
  if (!row) throw new Error(`The swab's owner has no tested ${sex === 'm' ? 'male' : 'female'} dog; name the parents`);
  return row.pet_num;
}

const settings = loadSettings();
const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
try {
  await migrateToLatest(database.db);
  await syncCatalogues(database.db);
  const lab = await openLab(database.db, settings.lab);
  const swab = await database.db('swabs').join('pets', 'pets.pet_num', 'swabs.pet_num').where({ 'swabs.swab_code': swabCode }).first('swabs.activated_by_user_id', 'pets.sex');
  if (!swab) throw new Error(`No activated swab ${swabCode}`);
  const sire = sireArg ? Number(sireArg) : await defaultParent(database.db, swab.activated_by_user_id, 'm');
  const dam = damArg ? Number(damArg) : await defaultParent(database.db, swab.activated_by_user_id, 'f');
  const calls = offspringCalls(lab.panel, await genotypeOf(database.db, sire), await genotypeOf(database.db, dam), swab.sex ?? 'f', sire * 7919 + dam);
  process.stdout.write(writeTsvGenotypes(lab.panel, calls, { swabCode, comments: [`simulated puppy of dogs ${sire} and ${dam}`] }));
  console.error(`Wrote a puppy of dogs ${sire} (sire) and ${dam} (dam) for swab ${swabCode}.`);
} finally {
  await database.close();
}
