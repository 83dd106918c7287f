import type { Db } from '../db/index.js';
import { hashPassword } from '../auth/passwords.js';
import { insertUser, type User } from '../users/queries.js';
import { DEMO_ACCOUNTS, DEMO_AWAITING_SWAB, DEMO_BOX_KEY, DEMO_EXTRA_KITS, DEMO_PASSWORD } from './accounts.js';
import { insertPet, insertPetForOwner, type NewPet } from '../pets/mutations.js';
import type { Lab } from '../lab/lab.js';
import { simulatePopulation } from '../genetics/simulate/population.js';
import { loadSimulatedPopulation } from './population.js';
import { KENNEL_PREFIX, planDemoOwners } from './plan.js';
import { communityOwnerRows } from './community.js';
import { seedCareResources } from '../care/seed.js';
import { seedSurveys } from '../surveys/seed.js';
import { seedAdminDemo } from '../admin/demo-seed.js';
import { hashReportToken, newReportToken } from '../vets/shares.js';

type DemoUsers = Record<keyof typeof DEMO_ACCOUNTS, User>;

export interface DemoOptions {
  /** Simulated dogs to load with results computed by the lab; 0 loads only profile dogs (tests). */
  populationSize: number;
  lab?: Lab;
  currentYear?: number;
  log?: (message: string) => void;
}

/** The dogs each demo account gets, by pet number. */
interface DemoDogs {
  parent: number[];
  biscuit: number;
  maple: number;
  breeder: number[];
  vetPatients: number[];
}

/**
 * Loads the demo accounts of DESIGN.md into an empty database; does nothing if any user exists.
 * With a population size, their dogs come from a simulated population whose results and
 * relatives the lab computed; with 0, they get plain profiles (fast, for tests).
 */
export async function isEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db('users').count<{ count: number }[]>('* as count');
  return Number(count) === 0;
}

export async function loadDemoDataIfEmpty(db: Db, options: DemoOptions = { populationSize: 0 }): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = {} as DemoUsers;
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
    users[key as keyof DemoUsers] = await insertUser(db, { ...account, passwordHash });
  }
  const dogs = options.populationSize > 0 && options.lab ? await simulatedDemoDogs(db, options.lab, users, passwordHash, options) : await profileDemoDogs(db, users);

  await db.transaction(async (trx) => {
    await trx('pets').where({ pet_num: dogs.biscuit }).update({ is_eligible_for_insurance: true, insurance_url: 'https://embarkvet.com/pet-insurance' });
    await trx('pets').whereIn('pet_num', dogs.parent).update({ should_show_care_resources: true });
    // One demo dog of each public-profile privacy: Biscuit for everyone, Maple for members, the last breeder dog private.
    // Their handles are fixed so the README can name /dog/biscuit, /dog/maple and /dog/sunny-meadow-secret.
    for (const [petNum, handle, privacy] of [
      [dogs.biscuit, 'biscuit', 'public'],
      [dogs.maple, 'maple', 'public-private'],
      [dogs.breeder[dogs.breeder.length - 1], 'sunny-meadow-secret', 'private'],
    ] as const) {
      await trx('pets').where({ pet_num: petNum }).update({ privacy });
      await trx.raw('update pets set handle = ? where pet_num = ? and not exists (select 1 from pets where handle = ?)', [handle, petNum, handle]);
    }
    // Maple's birthday is unknown: her age test is in the lab.
    await trx('age_tests').insert({ pet_num: dogs.maple, status: 'processing', activated_at: trx.raw("now() - interval '10 days'") });
    await seedVetPractice(trx, users, dogs.biscuit, dogs.vetPatients);
    await seedAwaitingPuppy(trx, users);
    await seedNewbie(trx, users);
    await seedConversation(trx, users, { breederDog: dogs.breeder[0], parentDog: dogs.biscuit });
    await seedCareResources(trx);
    await seedSurveys(trx, [dogs.biscuit]);
    await seedAdminDemo(trx, { passwordHash, adminId: users.admin.id });
    await seedKennelProfile(trx, users, dogs.breeder);
  });
  return true;
}

async function simulatedDemoDogs(db: Db, lab: Lab, users: DemoUsers, passwordHash: string, options: DemoOptions): Promise<DemoDogs> {
  const population = simulatePopulation({ seed: lab.options.seed, size: options.populationSize, panel: lab.panel, currentYear: options.currentYear ?? new Date().getFullYear() });
  const communityCount = Math.max(1, Math.ceil(options.populationSize / 5));
  const community: number[] = [];
  for (let start = 0; start < communityCount; start += 500) {
    const rows = communityOwnerRows(start, Math.min(500, communityCount - start), passwordHash);
    community.push(...(await db('users').insert(rows).returning('id')).map((row: { id: number }) => row.id));
  }
  const plan = planDemoOwners(population.dogs, { parent: users.parent.id, breeder: users.breeder.id, community });
  const loaded = await loadSimulatedPopulation(db, lab, population, plan.place);
  options.log?.(`Simulated ${population.dogs.length} dogs: ${Object.entries(loaded.timings).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  const pet = (id: number) => loaded.petNums.get(id)!;
  return {
    parent: [pet(plan.biscuit), pet(plan.maple)],
    biscuit: pet(plan.biscuit),
    maple: pet(plan.maple),
    breeder: plan.breederDogs.map(pet),
    vetPatients: plan.vetPatients.map(pet),
  };
}

let swabSequence = 0;

/** A dog with a released swab; without an owner it is a patient its vet practice registered. */
async function addProfileDog(db: Db, ownerId: number | null, pet: NewPet, productType: string): Promise<number> {
  const petNum = ownerId === null ? await insertPet(db, pet) : await insertPetForOwner(db, ownerId, pet);
  swabSequence++;
  await db('swabs').insert({
    swab_code: `DEMOSWAB${String(swabSequence).padStart(6, '0')}`,
    pet_num: petNum,
    activated_by_user_id: ownerId,
    purchase_source: ownerId === null ? 'vet' : 'shop',
    swab_state: 'released',
    product_type: productType,
    activated_at: db.raw("now() - interval '60 days'"),
    received_at: db.raw("now() - interval '50 days'"),
    health_results_released_at: db.raw("now() - interval '30 days'"),
    breed_results_released_at: db.raw("now() - interval '30 days'"),
  });
  return petNum;
}

const BREEDER_DOG_NAMES = ['Aurora', 'Bramble', 'Cider', 'Dune', 'Ember', 'Fable', 'Gale', 'Hazel', 'Indigo', 'Juniper', 'Kestrel', 'Lark'];

/** Demo dogs with profiles and released swabs but no genotypes: the quick set tests start from. */
async function profileDemoDogs(db: Db, users: DemoUsers): Promise<DemoDogs> {
  swabSequence = 0;
  const biscuit = await addProfileDog(db, users.parent.id, { name: 'Biscuit', sex: 'm', dateOfBirth: '2021-04-12', breedType: 'mixed' }, 'ComprehensiveConsumer');
  const maple = await addProfileDog(db, users.parent.id, { name: 'Maple', sex: 'f', breedType: 'mixed' }, 'ComprehensiveConsumer');
  const breeder: number[] = [];
  for (const [index, name] of BREEDER_DOG_NAMES.entries()) {
    breeder.push(
      await addProfileDog(
        db,
        users.breeder.id,
        { name: `${KENNEL_PREFIX} ${name}`, sex: index % 2 ? 'm' : 'f', dateOfBirth: `20${18 + (index % 6)}-0${1 + (index % 9)}-15`, breedType: 'purebred', isPrimaryOwnerBreeder: true },
        'ComprehensiveBreeder',
      ),
    );
  }
  const vetPatients: number[] = [];
  for (const pet of [
    { name: 'Otis', sex: 'm', dateOfBirth: '2019-02-02', breedType: 'mixed' },
    { name: 'Pepper', sex: 'f', dateOfBirth: '2022-11-20', breedType: 'purebred' },
    { name: 'Rufus', sex: 'm', dateOfBirth: '2016-06-30', breedType: 'mixed' },
  ] as NewPet[]) {
    vetPatients.push(await addProfileDog(db, null, pet, 'Vet'));
  }
  return { parent: [biscuit, maple], biscuit, maple, breeder, vetPatients };
}

async function seedVetPractice(db: Db, users: DemoUsers, clientDog: number, patients: number[]): Promise<void> {
  const [{ id: practiceId }] = await db('vet_practices').insert({ name: 'Riverside Animal Hospital', phone: '+1 607 555 0134' }).returning('id');
  await db('practice_users').insert({ practice_id: practiceId, user_id: users.vet.id, is_dvm: true, role: 'owner', is_staff_champion: true });
  // Its own place, so the vet information search finds it by name.
  await db('locations').insert({
    practice_id: practiceId,
    location_type: 'practice',
    business_type: 'other',
    name: 'Riverside Animal Hospital',
    formatted_address: '412 N Cayuga St, Ithaca, NY 14850, USA',
    lng_lat: [-76.4997, 42.4434],
    types: ['veterinary_care'],
    vicinity: 'Ithaca',
    phone: '+1 607 555 0134',
    address_components: JSON.stringify([
      { longName: 'Ithaca', shortName: 'Ithaca', types: ['locality', 'political'] },
      { longName: 'New York', shortName: 'NY', types: ['administrative_area_level_1', 'political'] },
      { longName: 'United States', shortName: 'US', types: ['country', 'political'] },
    ]),
  });
  // Biscuit is a patient because the pet parent shared his results with the vet (read-only for the vet).
  await db('practice_patients').insert({ practice_id: practiceId, pet_num: clientDog, client_name: users.parent.name, client_email: users.parent.email, client_user_id: users.parent.id, patient_emr_id: 'RAH-1001' });
  await db('vet_report_shares').insert({
    pet_num: clientDog,
    shared_by_user_id: users.parent.id,
    vet_name: users.vet.name,
    vet_email: users.vet.email,
    token_hash: hashReportToken(newReportToken()),
    practice_id: practiceId,
    sent_at: db.raw("now() - interval '20 days'"),
  });
  await db('practice_patient_notes').insert({ practice_patient_id: db('practice_patients').where({ practice_id: practiceId, pet_num: clientDog }).select('id'), author_user_id: users.vet.id, body: 'Owner shared the DNA report before the annual check-up.' });
  await db('practice_onboarding_statuses').insert([
    { practice_id: practiceId, item_key: 'place_first_order', status: 'completed', updated_by_user_id: users.vet.id, completed_at: db.raw("now() - interval '30 days'") },
    { practice_id: practiceId, item_key: 'test_first_patient', status: 'completed', updated_by_user_id: users.vet.id, completed_at: db.raw("now() - interval '25 days'") },
    { practice_id: practiceId, item_key: 'receive_first_results', status: 'in_progress', updated_by_user_id: users.vet.id, completed_at: null },
  ]);
  const clients = ['Jordan Client', 'Morgan Client', 'Casey Client'];
  for (const [index, petNum] of patients.entries()) {
    const clientName = clients[index % clients.length];
    await db('practice_patients').insert({
      practice_id: practiceId,
      pet_num: petNum,
      client_name: clientName,
      client_email: `${clientName.split(' ')[0].toLowerCase()}@client.demo.test`,
      patient_emr_id: `RAH-${1002 + index}`,
      added_by_practice: true,
      swab_ordered_by_user_id: users.vet.id,
      swab_ordered_by_name: users.vet.name,
      swab_ordered_by_is_dvm: true,
      vet_client_transfer_requested_at: index === 0 ? db.raw("now() - interval '2 days'") : null,
    });
  }
}

/** Sunny Meadow Kennels' saved profile, so /kennel/sunny-meadow-kennels lists its public dogs; its breeds are its dogs' main breeds. */
async function seedKennelProfile(db: Db, users: DemoUsers, breederDogs: number[]): Promise<void> {
  const breeds: string[] = await db('breed_mix_rows')
    .join('breeds', 'breeds.id', 'breed_mix_rows.breed_id')
    .whereIn('breed_mix_rows.pet_num', breederDogs)
    .where('breed_mix_rows.rank', 1)
    .groupBy('breeds.slug')
    .orderByRaw('count(*) desc, breeds.slug')
    .limit(3)
    .pluck('breeds.slug');
  await db('kennel_profiles').insert({
    user_id: users.breeder.id,
    slug: 'sunny-meadow-kennels',
    description:
      'A small family kennel in the Finger Lakes. Every dog we breed from is DNA tested for the conditions of its breed before we plan a litter, and we keep the inbreeding of our puppies low. Puppies go home at ten weeks with their DNA results.',
    location: 'Ithaca, New York',
    breed_slugs: breeds.length > 0 ? breeds : ['labrador-retriever'],
    website: 'https://sunny-meadow-kennels.example.com',
  });
}

/** A puppy whose swab is activated and waits for the lab: the README's ingest walk-through uses it. */
async function seedAwaitingPuppy(db: Db, users: DemoUsers): Promise<void> {
  const petNum = await insertPetForOwner(db, users.breeder.id, { name: `${KENNEL_PREFIX} Nova`, sex: 'f', breedType: 'purebred', isPrimaryOwnerBreeder: true });
  await db('swabs').insert({ swab_code: DEMO_AWAITING_SWAB, pet_num: petNum, activated_by_user_id: users.breeder.id, swab_state: 'activated', product_type: 'ComprehensiveBreeder', purchase_source: 'breeder_program', activated_at: db.fn.now() });
}

/** Newbie's kits to try activation with (README): a DNA kit, an age test, a microbiome test, a vet-ordered kit and a voided one. */
async function seedNewbie(db: Db, users: DemoUsers): Promise<void> {
  const practice = await db('vet_practices').where({ name: 'Riverside Animal Hospital' }).first('id');
  // A kit's history (the kit search page) reads in order: made, scanned with its swabs (paired), shipped.
  const shipped = { purchaser_user_id: users.newbie.id, state: 'shipped', tracking_number: '1Z999AA10123456784', created_at: db.raw("now() - interval '10 days'"), shipped_at: db.raw("now() - interval '3 days'") };
  const pairedAt = db.raw("now() - interval '4 days'");
  const kits = [
    { box_key: DEMO_BOX_KEY, order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', purchase_source: 'shop', swab: { swab_code: 'DEMONEWBIE0001' } },
    { box_key: DEMO_EXTRA_KITS.ageTest, order_sku: 'EMBARK-AGE', product_type: 'Age', purchase_source: 'shop', swab: { swab_code: 'DEMOAGETEST0001', is_methylation: true } },
    { box_key: DEMO_EXTRA_KITS.microbiome, order_sku: 'EMBARK-GUT', product_type: 'Microbiome', purchase_source: 'shop', swab: null },
    { box_key: DEMO_EXTRA_KITS.vetOrdered, order_sku: 'EMBARK-VET', product_type: 'Vet', purchase_source: 'vet', practice_id: practice?.id ?? null, swab: { swab_code: 'DEMOVETKIT0001' } },
    { box_key: DEMO_EXTRA_KITS.voided, order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', purchase_source: 'shop', state: 'void', swab: { swab_code: 'DEMOVOIDED0001', swab_state: 'void' } },
  ];
  for (const { swab, ...kit } of kits) {
    const [{ id: kitId }] = await db('kits').insert({ ...shipped, ...kit, paired_at: pairedAt }).returning('id');
    if (swab) await db('swabs').insert({ kit_id: kitId, product_type: kit.product_type, purchase_source: kit.purchase_source, ...swab });
  }
}

/** The breeder writes to the pet parent about their dogs: each side's dog is the one the chat names (issue 36 §17). */
async function seedConversation(db: Db, users: DemoUsers, dogs: { breederDog: number; parentDog: number }): Promise<void> {
  const [{ id: conversationId }] = await db('conversations')
    .insert({ subject: 'Our dogs', created_by_user_id: users.breeder.id, about_pet_num: dogs.parentDog, last_message_at: db.fn.now() })
    .returning('id');
  await db('conversation_participants').insert([
    { conversation_id: conversationId, user_id: users.breeder.id, pet_num: dogs.breederDog },
    { conversation_id: conversationId, user_id: users.parent.id, pet_num: dogs.parentDog },
  ]);
  await db('messages').insert({ conversation_id: conversationId, created_by_user_id: users.breeder.id, body: 'Hi! Our dogs came up as relatives. Would you like to compare notes?' });
}
