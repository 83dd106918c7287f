// Dogs with genotypes the lab ingested, for the breeder tools' tests.
import type { Db } from '../../../server/db/index.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import type { SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import type { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { createPet } from '../../support/factories.js';
import { genotypeFile, matchRelativesNow, testLab } from '../../support/lab.js';

let swabs = 0;

/** A dog of this owner whose simulated genotype the lab has ingested (results released, relatives found). */
export async function testedDog(db: Db, ownerId: number, dog: SimulatedDog, name: string, fields: Record<string, unknown> = {}): Promise<number> {
  const petNum = await createPet(db, ownerId, { name, sex: dog.sex });
  if (Object.keys(fields).length > 0) await db('pets').where({ pet_num: petNum }).update(fields);
  swabs++;
  const swabCode = `BREEDSWAB${String(swabs).padStart(5, '0')}`;
  await db('swabs').insert({ swab_code: swabCode, pet_num: petNum, activated_by_user_id: ownerId, swab_state: 'activated', product_type: 'ComprehensiveBreeder', activated_at: db.fn.now() });
  await ingestGenotypeFile(db, await testLab(db), { fileName: `${name}.tsv`, text: genotypeFile(dog, swabCode) });
  await matchRelativesNow(db);
  return petNum;
}

/**
 * A breeding pair of the breed sharing no parent with these dogs. The simulator's stock of a breed
 * is small and shared by every test file of a run, so two random pairs often share a dog, and
 * which ones do depends on what ran before: a "stranger" must be drawn so.
 */
export function pairUnrelatedTo(simulator: PopulationSimulator, slug: string, ...dogs: SimulatedDog[]): [SimulatedDog, SimulatedDog] {
  const taken = new Set(dogs.map((dog) => dog.id));
  for (let tries = 0; tries < 1000; tries++) {
    const pair = simulator.breedingPair(slug);
    if (!taken.has(pair[0].id) && !taken.has(pair[1].id)) return pair;
  }
  throw new Error(`No breeding pair of ${slug} apart from dogs ${[...taken].join(', ')}`);
}
