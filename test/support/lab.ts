import type { Db } from '../../server/db/index.js';
import { openLab, type Lab } from '../../server/lab/lab.js';
import { simulatedWorld } from '../../server/genetics/simulate/reference.js';
import { callsOf, type SimulatedDog } from '../../server/genetics/simulate/dog.js';
import { writeTsvGenotypes } from '../../server/genetics/formats/tsv.js';
import { TEST_LAB_OPTIONS } from './app.js';
import { createPet, createUser } from './factories.js';
import { createJobWorkers } from '../../server/jobs/workers.js';
import { relativeMatchingJob, RELATIVES_MATCH_JOB } from '../../server/lab/relatives-job.js';

export function testLab(db: Db): Promise<Lab> {
  return openLab(db, TEST_LAB_OPTIONS);
}

export function testWorld() {
  return simulatedWorld({ seed: TEST_LAB_OPTIONS.seed, snpCount: TEST_LAB_OPTIONS.panelSize });
}

let swabSequence = 0;

/** A dog with an activated swab waiting for the lab; returns its pet number and swab code. */
export async function dogAwaitingResults(db: Db, overrides: { sex?: 'f' | 'm'; ownerEmail?: string; name?: string } = {}) {
  const owner = await createUser(db, overrides.ownerEmail ? { email: overrides.ownerEmail } : {});
  const petNum = await createPet(db, owner.id, { sex: overrides.sex ?? 'f', ...(overrides.name ? { name: overrides.name } : {}) });
  swabSequence++;
  const swabCode = `TESTSWAB${String(swabSequence).padStart(6, '0')}`;
  await db('swabs').insert({ swab_code: swabCode, pet_num: petNum, activated_by_user_id: owner.id, swab_state: 'activated', product_type: 'ComprehensiveConsumer', activated_at: db.fn.now() });
  return { petNum, swabCode, owner };
}

export function genotypeFile(dog: SimulatedDog, swabCode: string): string {
  return writeTsvGenotypes(testWorld().panel, callsOf(dog), { swabCode });
}

/** Runs the relative matching jobs the releases so far queued (a worker would, right after). */
export async function matchRelativesNow(db: Db): Promise<{ done: number; failed: number }> {
  return createJobWorkers(db, [relativeMatchingJob(db, TEST_LAB_OPTIONS)]).runDue([RELATIVES_MATCH_JOB]);
}
