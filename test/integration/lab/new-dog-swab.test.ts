import { expect } from 'chai';
import { registerSwabForExport } from '../../../server/lab/new-dog-swab.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { IngestError } from '../../../server/lab/ingest-error.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { listOwnedPets } from '../../../server/pets/list.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';

describe('registering the swab of an export for a new dog', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    await resetDatabase(await testDb());
  });

  const register = (db: Parameters<typeof registerSwabForExport>[0], file: Parameters<typeof registerSwabForExport>[1], dog: Parameters<typeof registerSwabForExport>[2]) =>
    registerSwabForExport(db, file, dog, 'plink' in file ? file.swabCode : /# swab: (\S+)/.exec(file.text)![1]);

  const exportOf = async (sex: 'm' | 'f', individualId = 'Rocket', swabCode = 'EXPORTSWAB0001') => {
    const lab = await testLab(await testDb());
    const plink = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('whippet', sex)), { familyId: 'F', individualId, sex });
    return { fileName: 'rocket.tped', plink, swabCode };
  };

  it("creates the dog for the account with the export's name and sex, and the export is then released for it", async () => {
    const db = await testDb();
    const owner = await createUser(db, { email: 'owner@example.test' });
    const file = await exportOf('m');
    expect(await register(db, file, { ownerEmail: 'OWNER@example.test' })).to.equal('registered');
    const [dog] = await listOwnedPets(db, owner.id, { sortBy: 'NAME' });
    expect(dog).to.include({ name: 'Rocket', sex: 'm' });
    const outcome = await ingestGenotypeFile(db, await testLab(db), file);
    expect(outcome).to.include({ status: 'released', petNum: dog.petNum });
    expect(await register(db, file, { ownerEmail: 'owner@example.test', dogName: 'Other' })).to.equal('known');
    expect(await db('pets').count('* as c')).to.deep.equal([{ c: 1 }]);
  });

  it("names the dog as asked, leaves a swab of the owner's dog as it is, and refuses another account's swab", async () => {
    const db = await testDb();
    const { swabCode, petNum } = await dogAwaitingResults(db, { ownerEmail: 'owner@example.test' });
    expect(await register(db, await exportOf('f', 'X', swabCode), { ownerEmail: 'owner@example.test', dogName: 'Ignored' })).to.equal('known');
    expect(await db('pets').whereNot('pet_num', petNum).count('* as c')).to.deep.equal([{ c: 0 }]);
    await createUser(db, { email: 'someone-else@example.test' });
    let refused: unknown;
    try {
      await register(db, await exportOf('f', 'X', swabCode), { ownerEmail: 'someone-else@example.test', dogName: 'Theirs' });
    } catch (caught) {
      refused = caught;
    }
    expect(refused).to.be.instanceOf(IngestError).with.property('message', `Swab ${swabCode} already belongs to dog ${petNum} of another account, not to someone-else@example.test: leave the owner’s e-mail and the dog’s name empty to ingest it for that swab's dog; nothing changed`);
    expect(await register(db, await exportOf('f', 'X', 'EXPORTSWAB0002'), { ownerEmail: 'owner@example.test', dogName: '  Juno ' })).to.equal('registered');
    expect(await db('pets').where({ name: 'Juno' }).count('* as c')).to.deep.equal([{ c: 1 }]);
  });

  it('registers the swab a TSV names, for a dog named after it until its owner names it', async () => {
    const db = await testDb();
    const owner = await createUser(db, { email: 'owner@example.test' });
    expect(await register(db, { fileName: 'dog.tsv', text: genotypeFile(testWorld().simulator.purebred('pug', 'f'), 'TSVSWAB000001') }, { ownerEmail: 'owner@example.test' })).to.equal('registered');
    const [dog] = await listOwnedPets(db, owner.id, { sortBy: 'NAME' });
    expect(dog).to.include({ name: 'TSVSWAB000001', sex: null });
  });

  it('refuses an unknown account and a short swab code, creating nothing', async () => {
    const db = await testDb();
    await createUser(db, { email: 'owner@example.test' });
    const attempts: [Parameters<typeof registerSwabForExport>[1], string, RegExp][] = [
      [await exportOf('m'), 'nobody@example.test', /No account with the e-mail nobody@example.test/],
      [await exportOf('m', 'R', 'SHORT'), 'owner@example.test', /must be 12 to 64 letters/],
    ];
    for (const [file, ownerEmail, message] of attempts) {
      let error: unknown;
      try {
        await register(db, file, { ownerEmail });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(IngestError);
      expect((error as Error).message).to.match(message);
    }
    expect(await db('pets').count('* as c')).to.deep.equal([{ c: 0 }]);
    expect(await db('swabs').count('* as c')).to.deep.equal([{ c: 0 }]);
  });
});
