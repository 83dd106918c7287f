import type { Db } from '../db/index.js';
import { findUserByEmail } from '../users/queries.js';
import { insertPetForOwner } from '../pets/mutations.js';
import { parseTfam } from '../genetics/formats/plink.js';
import { GenotypeFileError } from '../genetics/formats/genotype-file-error.js';
import { IngestError } from './ingest-error.js';
import type { IngestFile } from './ingest.js';

export interface NewDogForExport {
  /** The account that will own the dog. */
  ownerEmail: string;
  /** The dog's name; the export's individual id when not given. */
  dogName?: string;
}

const SWAB_CODE = /^[A-Za-z0-9-]{12,64}$/;

/**
 * A lab importing exports of dogs it has no kit for (another company's raw data, a customer's
 * upload): the export's swab code is registered as an activated swab of a new dog owned by the
 * given account, with the sex the .tfam states. A swab code already known is left as it is.
 */
export async function registerSwabForExport(db: Db, file: IngestFile, dog: NewDogForExport): Promise<'registered' | 'known'> {
  if (!('plink' in file)) throw new IngestError(`${file.fileName}: a new dog can be registered for a PLINK export only (a TSV names its own swab)`);
  const swabCode = file.swabCode;
  if (!SWAB_CODE.test(swabCode)) throw new IngestError(`Swab code ${swabCode} must be 12 to 64 letters, digits or hyphens`);
  if (await db('swabs').where({ swab_code: swabCode }).first('id')) return 'known';
  const owner = await findUserByEmail(db, dog.ownerEmail.trim());
  if (!owner) throw new IngestError(`No account with the e-mail ${dog.ownerEmail}`);
  let individual;
  try {
    [individual] = parseTfam(file.plink.tfam);
  } catch (error) {
    if (error instanceof GenotypeFileError) throw new IngestError(`${file.fileName.replace(/\.tped$/, '.tfam')}: ${error.message}`);
    throw error;
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
