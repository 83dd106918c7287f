// The role matrix of the vet tests (issue 13): an owner, another owner, the vet of the demo practice,
// a vet of another practice, an admin and a sub-admin impersonating the owner read-only.
import type { Express } from 'express';
import request from 'supertest';
import { csrfToken, graphql, signIn, type Agent } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { PDFParse } from 'pdf-parse';

export interface VetPeople {
  owner: Agent;
  otherOwner: Agent;
  vet: Agent;
  otherVet: Agent;
  admin: Agent;
  readOnlyImpersonator: Agent;
}

let counter = 0;

export async function vetPeople(app: Express): Promise<VetPeople> {
  const db = await testDb();
  counter++;
  const otherVet = await createUser(db, { email: `other-vet-${counter}@clinic.test`, name: 'Dr. Other', isVet: true });
  const [{ id: practiceId }] = await db('vet_practices').insert({ name: `Hillside Vets ${counter}` }).returning('id');
  await db('practice_users').insert({ practice_id: practiceId, user_id: otherVet.id, is_dvm: true, role: 'owner' });
  const readOnlyImpersonator = await signInAsDemo(app, 'subadmin');
  const token = await csrfToken(readOnlyImpersonator, '/cs/impersonate');
  await readOnlyImpersonator.post('/cs/impersonate').type('form').send({ email: 'parent@demo.test', _csrf: token }).expect(302);
  return {
    owner: await signInAsDemo(app, 'parent'),
    otherOwner: await signInAsDemo(app, 'breeder'),
    vet: await signInAsDemo(app, 'vet'),
    otherVet: await signIn(app, otherVet.email, TEST_PASSWORD),
    admin: await signInAsDemo(app, 'admin'),
    readOnlyImpersonator,
  };
}

/** A GraphQL call's data and first error message. */
export async function gql(agent: Agent, query: string, variables: Record<string, unknown> = {}) {
  const response = await graphql(agent, query, variables);
  return { status: response.status, data: response.body.data, error: response.body.errors?.[0]?.message as string | undefined, errors: response.body.errors };
}

export function signedOut(app: Express): Agent {
  return request.agent(app);
}

export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** supertest leaves a PDF body as a stream unless told to buffer it. */
export function binaryParser(res: NodeJS.ReadableStream & { setEncoding(e: string): void }, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
