import request from 'supertest';
import type { Express } from 'express';
import type { Db } from '../../../server/db/index.js';
import { csrfToken, signIn, type Agent } from '../../support/app.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';

export const CHAT = '/members/chat';

/** A signed-in member with a CSRF token for the chat calls. */
export interface Member {
  agent: Agent;
  token: string;
  userId: number;
  email: string;
}

export async function member(app: Express, db: Db, options: { petName?: string; name?: string } = {}): Promise<Member & { petHandle: string | null }> {
  const user = await createUser(db, options.name ? { name: options.name } : {});
  const petNum = options.petName === undefined ? null : await createPet(db, user.id, { name: options.petName });
  const petHandle = petNum ? ((await db('pets').where('pet_num', petNum).first('handle')).handle as string) : null;
  const agent = await signIn(app, user.email, TEST_PASSWORD);
  return { agent, token: await csrfToken(agent, '/members/messages'), userId: user.id, email: user.email, petHandle };
}

export function getJson(who: Pick<Member, 'agent'>, path: string) {
  return who.agent.get(`${CHAT}${path}`).set('accept', 'application/json');
}

export function send(who: Pick<Member, 'agent' | 'token'>, fields: Record<string, unknown>) {
  return who.agent.post(`${CHAT}/send-message`).set('x-csrf-token', who.token).set('accept', 'application/json').send(fields);
}

export function block(who: Pick<Member, 'agent' | 'token'>, method: 'put' | 'delete', conversationId: unknown) {
  return who.agent[method](`${CHAT}/block`).set('x-csrf-token', who.token).set('accept', 'application/json').send({ conversationId });
}

export function deleteConversation(who: Pick<Member, 'agent' | 'token'>, conversationId: unknown) {
  return who.agent.get(`${CHAT}/delete-messages-in-conversation/${conversationId}`).set('x-csrf-token', who.token).set('accept', 'application/json');
}

/** Starts a conversation from `from` to the owner of `toHandle` with a first message; returns its id. */
export async function startConversation(from: Member, toHandle: string, body = 'Hello there'): Promise<number> {
  const response = await send(from, { body, conversationId: -1, startNewConversationTo: toHandle }).expect(200);
  return response.body.startedConversation.conversationId;
}

export function signedOut(app: Express) {
  return request(app);
}
