// The people of the pet profile tests: an owner and everyone who must be refused when changing the owner's dog.
import type { Express } from 'express';
import request from 'supertest';
import { testDb } from '../../support/database.js';
import { graphql, signIn, type Agent } from '../../support/app.js';
import { createPet, createUser, shareOwnership, TEST_PASSWORD } from '../../support/factories.js';

export interface ProfilePeople {
  owner: Agent;
  ownerId: number;
  petNum: number;
  petUuid: string;
  editCoOwner: Agent;
  /** Everyone who may not change the dog, by name. */
  refused: Record<'stranger' | 'vet' | 'admin' | 'readCoOwner' | 'readOnlyAccount', Agent>;
  /** A dog the read-only account owns with edit permission. */
  readOnlyAccountPetNum: number;
  readOnlyAccountPetUuid: string;
}

let counter = 0;

export async function profilePeople(app: Express, petOverrides: Record<string, unknown> = {}): Promise<ProfilePeople> {
  const db = await testDb();
  counter++;
  const email = (who: string) => `pet-profile-${who}-${counter}-${Date.now()}@example.test`;
  const owner = await createUser(db, { email: email('owner'), name: 'Olive Owner' });
  const petNum = await createPet(db, owner.id, { name: 'Rex', ...petOverrides });
  const stranger = await createUser(db, { email: email('stranger') });
  const vet = await createUser(db, { email: email('vet'), isVet: true });
  const [{ id: practiceId }] = await db('vet_practices').insert({ name: `Practice ${counter}` }).returning('id');
  await db('practice_users').insert({ practice_id: practiceId, user_id: vet.id });
  await db('practice_patients').insert({ practice_id: practiceId, pet_num: petNum });
  const admin = await createUser(db, { email: email('admin'), isAdmin: true });
  const readCoOwner = await createUser(db, { email: email('reader') });
  await shareOwnership(db, petNum, readCoOwner.id, 'read');
  const editCoOwner = await createUser(db, { email: email('editor') });
  await shareOwnership(db, petNum, editCoOwner.id, 'edit');
  const readOnly = await createUser(db, { email: email('readonly'), isReadOnly: true });
  const readOnlyAccountPetNum = await createPet(db, readOnly.id, { name: 'Pebble' });
  const uuidOf = async (num: number) => (await db('pets').where({ pet_num: num }).first('id')).id as string;
  const agent = (user: { email: string }) => signIn(app, user.email, TEST_PASSWORD);
  return {
    owner: await agent(owner),
    ownerId: owner.id,
    petNum,
    petUuid: await uuidOf(petNum),
    editCoOwner: await agent(editCoOwner),
    refused: {
      stranger: await agent(stranger),
      vet: await agent(vet),
      admin: await agent(admin),
      readCoOwner: await agent(readCoOwner),
      readOnlyAccount: await agent(readOnly),
    },
    readOnlyAccountPetNum,
    readOnlyAccountPetUuid: await uuidOf(readOnlyAccountPetNum),
  };
}

/** A GraphQL call's data and first error message. */
export async function gql(agent: Agent, query: string, variables: Record<string, unknown> = {}) {
  const response = await graphql(agent, query, variables);
  return { status: response.status, data: response.body.data, error: response.body.errors?.[0]?.message as string | undefined, errors: response.body.errors };
}

export async function signedOutGql(app: Express, query: string, variables: Record<string, unknown> = {}) {
  const agent = request.agent(app);
  return gql(agent, query, variables);
}

/** Everything of a pets row a refused call could have changed, with its registrations, links and places. */
export async function petSnapshot(petNum: number) {
  const db = await testDb();
  const pet = await db('pets').where({ pet_num: petNum }).first();
  delete pet.updated_at;
  return {
    pet,
    registrations: await db('pet_registrations').where({ pet_num: petNum }).orderBy('id').select('registration_organization_id', 'registration_number', 'registered_name'),
    links: await db('pet_social_links').where({ pet_num: petNum }).orderBy('network').select('network', 'url'),
    locations: await db('locations').where({ pet_num: petNum }).orderBy('location_type').select('location_type', 'formatted_address', 'lng_lat'),
    media: await db('media').where({ pet_num: petNum }).count('* as n').first(),
  };
}
