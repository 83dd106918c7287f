import { expect } from 'chai';
import type { Db } from '../../../server/db/index.js';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { realDataPresent } from '../../support/realdata.js';
import { arrayFamilyExports, type FamilyExport } from '../../support/array-family.js';
import { uploadOutcome } from '../../support/lab-uploads.js';

const OWNER = 'v3family@example.test';
const ADMIN = 'v3admin@example.test';

/** Family relationships the relatives list must show (both orders of a pair are the same row). */
const EXPECTED: readonly [string, string, 'immediate_family' | 'close_family' | null][] = [
  ['Sire', 'DamOne', null],
  ['Sire', 'DamTwo', null],
  ['DamOne', 'DamTwo', null],
  ['Sire', 'Brother', 'immediate_family'],
  ['DamOne', 'Sister', 'immediate_family'],
  ['Brother', 'Sister', 'immediate_family'],
  ['Sister', 'Sibling', 'immediate_family'],
  ['Sire', 'HalfSib', 'immediate_family'],
  ['DamTwo', 'HalfSib', 'immediate_family'],
  ['HalfSib', 'Brother', 'close_family'],
  ['HalfSib', 'Sibling', 'close_family'],
  ['DamOne', 'HalfSib', null],
  ['InbredOne', 'InbredTwo', 'immediate_family'],
  ['InbredOne', 'InbredThree', 'immediate_family'],
  ['InbredOne', 'InbredFour', 'immediate_family'],
  ['InbredTwo', 'InbredThree', 'immediate_family'],
  ['InbredTwo', 'InbredFour', 'immediate_family'],
  ['InbredThree', 'InbredFour', 'immediate_family'],
  ['Brother', 'InbredFour', 'immediate_family'],
  ['Sister', 'InbredThree', 'immediate_family'],
  ['Brother', 'InbredOne', 'immediate_family'],
  ['Sister', 'InbredOne', 'immediate_family'],
  ['Brother', 'InbredTwo', 'immediate_family'],
  ['Sister', 'InbredTwo', 'immediate_family'],
  ['DamTwo', 'InbredOne', null],
];

describe('a family typed on an array version none of the real exports comes from', function () {
  this.timeout(900_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }

  let db: Db;
  const petNums = new Map<string, number>();
  let family: FamilyExport[];

  before(async () => {
    // FAMILY_SEED draws another family (the markers, crossovers and errors of another seed)
    family = arrayFamilyExports(Number(process.env.FAMILY_SEED ?? 17));
    db = await testDb();
    await resetDatabase(db);
    const app = await testApp();
    await createUser(db, { email: ADMIN, isAdmin: true });
    await createUser(db, { email: OWNER });
    const agent = await signIn(app, ADMIN, TEST_PASSWORD);
    for (const dog of family) {
      const swabCode = `V3FAMILY${dog.name.toUpperCase()}`;
      const token = await csrfToken(agent, '/admin/lab');
      const posted = await agent
        .post('/admin/lab/upload')
        .field('_csrf', token)
        .field('swabCode', swabCode)
        .field('ownerEmail', OWNER)
        .field('dogName', dog.name)
        .attach('files', Buffer.from(dog.zip), `${dog.name}.zip`);
      const response = await uploadOutcome(agent, posted);
      expect(response.text, response.text.match(/role="alert">[^<]*/)?.[0]).to.not.include('class="form-error"');
      expect(response.text, dog.name).to.include(`swab ${swabCode} registered for a new dog of ${OWNER}`);
      const swab = await db('swabs').where({ swab_code: swabCode }).first('pet_num', 'swab_state');
      expect(swab.swab_state, `${dog.name} (${dog.role})`).to.equal('released');
      petNums.set(dog.name, swab.pet_num);
    }
  });

  it('writes a new array version: positions, order, strand and allele order differ from the real arrays; I/D, XY, Y, MT and unplaced lines', () => {
    const lines = family[0].tped.trim().split('\n').map((line) => line.split(' '));
    expect(lines.length).to.be.within(150_000, 230_000);
    expect(new Set(lines.map((f) => f[0]))).to.include.members(['0', '1', '38', '39', '40', '41', '42']);
    expect(lines.some((f) => f[4] === 'I' || f[4] === 'D')).to.equal(true);
    expect(lines.every((f) => f[1].startsWith('V3_'))).to.equal(true);
    // sorted by probe name, not by position
    expect(lines.slice(0, 50).some((f, i) => i > 0 && Number(f[0]) < Number(lines[i - 1][0]))).to.equal(true);
  });

  it('lists parents, offspring and full siblings as immediate family, half siblings as close family, and unrelated dogs not at all', async () => {
    const rows: { pet_num_a: number; pet_num_b: number; category: string; kinship: string }[] = await db('relatives').select('pet_num_a', 'pet_num_b', 'category', 'kinship');
    const categoryOf = (a: string, b: string) => {
      const [x, y] = [petNums.get(a)!, petNums.get(b)!].sort((m, n) => m - n);
      return rows.find((row) => row.pet_num_a === x && row.pet_num_b === y);
    };
    const wrong = EXPECTED.flatMap(([a, b, expected]) => {
      const row = categoryOf(a, b);
      return (row?.category ?? null) === expected ? [] : [`${a}–${b}: ${row?.category ?? 'not listed'} (kinship ${row?.kinship ?? '-'}), expected ${expected ?? 'not listed'}`];
    });
    expect(wrong).to.deep.equal([]);
    expect(rows.filter((row) => row.category === 'same_dog')).to.deep.equal([]);
  });

  it('reads the COI of the pups of a full-sibling mating near 1/4, and of their outbred parents near 0', async () => {
    const coi = async (name: string) => Number((await db('genetic_stats').where({ pet_num: petNums.get(name) }).first('coi')).coi);
    for (const name of ['InbredOne', 'InbredTwo', 'InbredThree', 'InbredFour']) expect(await coi(name), name).to.be.within(0.15, 0.4);
    for (const name of ['Brother', 'Sister', 'HalfSib']) expect(await coi(name), name).to.be.below(0.03);
  });
});
