import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { CSRF_MISMATCH, INTERACTION_FROM_SAMPLE_DEPRECATED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { CHAT, member, send, signedOut } from './helpers.js';

describe('starting a chat from a sample (spec 1 §8: deprecated)', () => {
  let app: Express;
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  const count = async (table: string) => Number((await db(table).count<{ count: string }[]>('* as count'))[0].count);

  it('answers 410 with the deprecated-behaviour message and starts nothing, whatever else was sent', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const swab = await db('swabs').insert({ swab_code: 'SAMPLE000000001', product_type: 'BreedAndAncestry' }).returning('swab_code');
    for (const fields of [
      { body: 'Hi', conversationId: -1, startNewConversationFromSample: swab[0].swab_code },
      // even next to a dog's handle, or with a blank body: the old client is told what changed
      { body: 'Hi', conversationId: -1, startNewConversationFromSample: swab[0].swab_code, startNewConversationTo: bob.petHandle },
      { body: '', conversationId: -1, startNewConversationFromSample: 12 },
    ]) {
      const response = await send(ann, fields).expect(410);
      expect(response.body).to.deep.equal({ error: INTERACTION_FROM_SAMPLE_DEPRECATED });
    }
    expect(await count('conversations')).to.equal(0);
    expect(await count('messages')).to.equal(0);
    // the handle still starts the chat
    await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: bob.petHandle }).expect(200);
  });

  it('still refuses a signed-out caller (no token, no session) before saying anything about samples', async () => {
    const response = await signedOut(app).post(`${CHAT}/send-message`).set('accept', 'application/json').send({ body: 'Hi', conversationId: -1, startNewConversationFromSample: 'SAMPLE000000001' });
    expect(response.status).to.be.oneOf([401, 403]);
    expect(response.body.error).to.be.oneOf([PLEASE_LOG_IN, CSRF_MISMATCH]);
  });
});
