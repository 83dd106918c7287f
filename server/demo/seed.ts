import type { Db } from '../db/index.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser, type User } from '../users/queries.js';
import { DEMO_ACCOUNTS, DEMO_BOX_KEY, DEMO_PASSWORD } from './accounts.js';
import { insertPetForOwner, type NewPet } from '../pets/mutations.js';

type DemoUsers = Record<keyof typeof DEMO_ACCOUNTS, User>;

const BREEDER_DOG_NAMES = ['Sunny Meadow Aurora', 'Sunny Meadow Bramble', 'Sunny Meadow Cider', 'Sunny Meadow Dune', 'Sunny Meadow Ember', 'Sunny Meadow Fable', 'Sunny Meadow Gale', 'Sunny Meadow Hazel', 'Sunny Meadow Indigo', 'Sunny Meadow Juniper', 'Sunny Meadow Kestrel', 'Sunny Meadow Lark'];

/**
 * Loads the demo accounts of DESIGN.md into an empty database; does nothing if any user exists.
 * The dogs here have profiles, swabs and kits; the genetics engine computes their results.
 */
export async function loadDemoDataIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db('users').count<{ count: number }[]>('* as count');
  if (Number(count) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (trx) => {
    const users = {} as DemoUsers;
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
      users[key as keyof DemoUsers] = await insertUser(trx, { ...account, passwordHash });
    }
    const parentDogs = await seedPetParent(trx, users);
    await seedBreeder(trx, users);
    await seedVet(trx, users, parentDogs[0]);
    await seedNewbie(trx, users);
    await seedConversation(trx, users);
  });
  return true;
}

let swabSequence = 0;

async function addReleasedDog(db: Db, ownerId: number, pet: NewPet, productType: string): Promise<number> {
  const petNum = await insertPetForOwner(db, ownerId, pet);
  swabSequence++;
  await db('swabs').insert({
    swab_code: `DEMOSWAB${String(swabSequence).padStart(6, '0')}`,
    pet_num: petNum,
    activated_by_user_id: ownerId,
    swab_state: 'released',
    product_type: productType,
    purchase_source: 'shop',
    activated_at: db.raw("now() - interval '60 days'"),
    received_at: db.raw("now() - interval '50 days'"),
    health_results_released_at: productType === 'BreedAndAncestry' ? null : db.raw("now() - interval '30 days'"),
    breed_results_released_at: db.raw("now() - interval '30 days'"),
  });
  return petNum;
}

async function seedPetParent(db: Db, users: DemoUsers): Promise<number[]> {
  const biscuit = await addReleasedDog(
    db,
    users.parent.id,
    { name: 'Biscuit', sex: 'm', dateOfBirth: '2021-04-12', breedType: 'mixed', isEligibleForInsurance: true, insuranceUrl: 'https://embarkvet.com/pet-insurance' },
    'ComprehensiveConsumer',
  );
  const maple = await addReleasedDog(db, users.parent.id, { name: 'Maple', sex: 'f', breedType: 'mixed' }, 'ComprehensiveConsumer');
  await db('pets').whereIn('pet_num', [biscuit, maple]).update({ should_show_care_resources: true });
  // Maple's birthday is unknown: her age test is in the lab.
  await db('age_tests').insert({ pet_num: maple, status: 'processing', activated_at: db.raw("now() - interval '10 days'") });
  return [biscuit, maple];
}

async function seedBreeder(db: Db, users: DemoUsers): Promise<void> {
  for (const [index, name] of BREEDER_DOG_NAMES.entries()) {
    await addReleasedDog(
      db,
      users.breeder.id,
      { name, sex: index % 2 ? 'm' : 'f', dateOfBirth: `20${18 + (index % 6)}-0${1 + (index % 9)}-15`, breedType: 'purebred', isPrimaryOwnerBreeder: true },
      'ComprehensiveBreeder',
    );
  }
}

async function seedVet(db: Db, users: DemoUsers, clientDog: number): Promise<void> {
  const [{ id: practiceId }] = await db('vet_practices').insert({ name: 'Riverside Animal Hospital', phone: '+1 607 555 0134' }).returning('id');
  await db('practice_users').insert({ practice_id: practiceId, user_id: users.vet.id, is_dvm: true, role: 'owner', is_staff_champion: true });
  await db('practice_patients').insert({
    practice_id: practiceId,
    pet_num: clientDog,
    client_name: users.parent.name,
    client_email: users.parent.email,
    client_user_id: users.parent.id,
    patient_emr_id: 'RAH-1001',
  });
  const patients: [NewPet, string, boolean][] = [
    [{ name: 'Otis', sex: 'm', dateOfBirth: '2019-02-02', breedType: 'mixed' }, 'Jordan Client', true],
    [{ name: 'Pepper', sex: 'f', dateOfBirth: '2022-11-20', breedType: 'purebred' }, 'Morgan Client', false],
    [{ name: 'Rufus', sex: 'm', dateOfBirth: '2016-06-30', breedType: 'mixed' }, 'Casey Client', false],
  ];
  for (const [index, [pet, clientName, transferPending]] of patients.entries()) {
    const petNum = await addReleasedDog(db, users.vet.id, pet, 'Vet');
    await db('practice_patients').insert({
      practice_id: practiceId,
      pet_num: petNum,
      client_name: clientName,
      client_email: `${clientName.split(' ')[0].toLowerCase()}@client.demo.test`,
      patient_emr_id: `RAH-${1002 + index}`,
      swab_ordered_by_user_id: users.vet.id,
      swab_ordered_by_name: users.vet.name,
      swab_ordered_by_is_dvm: true,
      vet_client_transfer_requested_at: transferPending ? db.raw("now() - interval '2 days'") : null,
    });
  }
}

async function seedNewbie(db: Db, users: DemoUsers): Promise<void> {
  const [{ id: kitId }] = await db('kits')
    .insert({ box_key: DEMO_BOX_KEY, order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', purchase_source: 'shop', purchaser_user_id: users.newbie.id, state: 'shipped', tracking_number: '1Z999AA10123456784', shipped_at: db.raw("now() - interval '3 days'") })
    .returning('id');
  await db('swabs').insert({ swab_code: 'DEMONEWBIE0001', kit_id: kitId, product_type: 'BreedAndAncestry', purchase_source: 'shop' });
}

async function seedConversation(db: Db, users: DemoUsers): Promise<void> {
  const [{ id: conversationId }] = await db('conversations').insert({ subject: 'Biscuit and Sunny Meadow Aurora', created_by_user_id: users.breeder.id, last_message_at: db.fn.now() }).returning('id');
  await db('conversation_participants').insert([
    { conversation_id: conversationId, user_id: users.breeder.id },
    { conversation_id: conversationId, user_id: users.parent.id },
  ]);
  await db('messages').insert({ conversation_id: conversationId, created_by_user_id: users.breeder.id, body: 'Hi! Our dogs came up as relatives. Would you like to compare notes?' });
}
