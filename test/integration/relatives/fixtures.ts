// Rows for the relatives and genetic stats tests, written straight to the database.
import type { Db } from '../../../server/db/index.js';
import { createPet, createUser } from '../../support/factories.js';

export async function dog(db: Db, ownerId: number, fields: Record<string, unknown> = {}, name?: string): Promise<number> {
  const petNum = await createPet(db, ownerId, name ? { name } : {});
  if (Object.keys(fields).length > 0) await db('pets').where({ pet_num: petNum }).update(fields);
  return petNum;
}

/** A stranger's dog, with a breed mix and its breed results released. */
export async function strangersDog(db: Db, fields: Record<string, unknown> = {}, name?: string): Promise<number> {
  const owner = await createUser(db);
  const petNum = await dog(db, owner.id, fields, name);
  return petNum;
}

export async function breedMix(db: Db, petNum: number, mixName: string, rows: { slug: string; pct: number }[]): Promise<void> {
  await db('breed_mix_summaries').insert({ pet_num: petNum, breed_type: rows.length === 1 ? 'purebred' : 'mixed', breed_mix_scenario: rows.length === 1 ? 'purebred' : 'mixed', breed_mix_name: mixName });
  for (const [index, row] of rows.entries()) {
    const breed = await db('breeds').where({ slug: row.slug }).first('id');
    await db('breed_mix_rows').insert({ pet_num: petNum, breed_id: breed.id, pct: row.pct, color_index: index + 1, rank: index + 1 });
  }
}

let swabs = 0;
export async function releasedSwab(db: Db, petNum: number, releasedAt: string): Promise<void> {
  swabs++;
  await db('swabs').insert({ swab_code: `RELTEST${String(swabs).padStart(6, '0')}`, pet_num: petNum, swab_state: 'released', product_type: 'ComprehensiveConsumer', activated_at: releasedAt, breed_results_released_at: releasedAt });
}

const CATEGORY_FOR: Record<string, string> = { immediate: 'immediate_family', close: 'close_family', extended: 'extended_family', distant: 'distant_relative' };

/** Stores a pair once, in the table's order, as the lab does. */
export async function related(db: Db, one: number, other: number, kinship: number, category: keyof typeof CATEGORY_FOR, flags: { newForOne?: boolean; newForOther?: boolean } = {}): Promise<void> {
  const [a, b] = one < other ? [one, other] : [other, one];
  const newForA = one < other ? flags.newForOne : flags.newForOther;
  const newForB = one < other ? flags.newForOther : flags.newForOne;
  await db('relatives').insert({
    pet_num_a: a,
    pet_num_b: b,
    kinship,
    category: CATEGORY_FOR[category],
    display_relatedness: `shares ${(kinship * 200).toFixed(1)}% of DNA`,
    is_new_for_a: newForA ?? false,
    is_new_for_b: newForB ?? false,
  });
}

export async function vetOf(db: Db, petNum: number) {
  const vet = await createUser(db, { isVet: true });
  const [{ id: practiceId }] = await db('vet_practices').insert({ name: 'Happy Paws Clinic' }).returning('id');
  await db('practice_users').insert({ practice_id: practiceId, user_id: vet.id, is_dvm: true, role: 'owner' });
  await db('practice_patients').insert({ practice_id: practiceId, pet_num: petNum });
  return vet;
}
