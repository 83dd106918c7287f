import type { Db } from '../db/index.js';
import { findUserByEmail } from '../users/queries.js';
import { insertPetForOwner } from '../pets/mutations.js';
import { parseTfam } from '../genetics/formats/plink.js';
import { GenotypeFileError } from '../genetics/formats/genotype-file-error.js';
import { IngestError } from './ingest-error.js';
import type { IngestFile } from './ingest-file.js';

export interface NewDogForExport {
  /** The account that will own the dog. */
  ownerEmail: string;
  /** The dog's name; the export's individual id when not given. */
  dogName?: string;
}

const SWAB_CODE = /^[A-Za-z0-9-]{12,64}$/;

/**
 * A lab importing exports of dogs it has no kit for (another company's raw data, a customer's
 * upload): the export's swab code (named for a PLINK export or report, inside a TSV) is registered
 * as an activated swab of a new dog owned by the given account, with the sex the .tfam states. A swab code already known is left as it is when
 * its dog is that account's (the same export again), and refused when it is not.
 */
export async function registerSwabForExport(db: Db, file: IngestFile, dog: NewDogForExport, swabCode: string): Promise<'registered' | 'known'> {
  if (!SWAB_CODE.test(swabCode)) throw new IngestError(`Swab code ${swabCode} must be 12 to 64 letters, digits or hyphens`);
  const owner = await findUserByEmail(db, dog.ownerEmail.trim());
  if (!owner) throw new IngestError(`No account with the e-mail ${dog.ownerEmail}`);
  const known: { pet_num: number | null } | undefined = await db('swabs').where({ swab_code: swabCode }).first('pet_num');
  if (known) {
    // the same export again for the dog it registered is fine; another account's dog is not this owner's
    const owned = known.pet_num !== null && (await db('pet_owners').where({ pet_num: known.pet_num, user_id: owner.id }).first('pet_num'));
    if (!owned) throw new IngestError(`Swab ${swabCode} already belongs to ${known.pet_num === null ? 'a kit not activated for a dog' : `dog ${known.pet_num} of another account`}, not to ${dog.ownerEmail}: leave the owner’s e-mail and the dog’s name empty to ingest it for that swab's dog; nothing changed`);
    return 'known';
  }
  // a TSV names no dog and no sex: the swab code names the dog until its owner does, and its DNA tells the sex
  let individual = { individualId: swabCode, sex: null as 'm' | 'f' | null };
  if ('plink' in file) {
    try {
      [individual] = parseTfam(file.plink.tfam);
    } catch (error) {
      if (error instanceof GenotypeFileError) throw new IngestError(`${file.fileName.replace(/\.tped$/, '.tfam')}: ${error.message}`);
      throw error;
    }
  }
  const name = (dog.dogName?.trim() || individual.individualId).slice(0, 50);
  await db.transaction(async (trx) => {
    const petNum = await insertPetForOwner(trx, owner.id, { name, sex: individual.sex });
    await trx('swabs').insert({
      swab_code: swabCode,
      pet_num: petNum,
      activated_by_user_id: owner.id,
      swab_state: 'activated',
      product_type: owner.isBreeder ? 'ComprehensiveBreeder' : 'ComprehensiveConsumer',
      purchase_source: 'other',
      activated_at: trx.fn.now(),
    });
  });
  return 'registered';
}
