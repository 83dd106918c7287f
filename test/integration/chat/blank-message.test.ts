// QA: a message of only spaces and line breaks is refused with the spec alert and stores nothing,
// in a saved conversation and when it would start a new one.
import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { CHAT_EMPTY_BODY } from '../../../server/shared/messages.js';
import { member, send, startConversation } from './helpers.js';

// C1 control characters (U+0085 next line, U+009B) show nothing either; the edge refuses only C0 ones.
const WHITESPACE_ONLY = [' ', '   ', '\n', '\r\n\r\n', ' \n \t \n ', '\u00a0\u00a0', '\u3000', '\u200b\n\u200b', '\u0085', ' \u0085\u009b '];

describe('POST /members/chat/send-message with a whitespace-only body', () => {
  let app: Express;
  let db: Db;
  const count = async (table: string) => Number((await db(table).count<{ count: string }[]>('* as count'))[0].count);

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  it('refuses it in a saved conversation with the spec alert and stores no message', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    const lastActivity = (await db('conversations').where('id', id).first()).last_message_at;
    for (const body of WHITESPACE_ONLY) {
      const response = await send(ann, { body, conversationId: id }).expect(400);
      expect(response.body, JSON.stringify(body)).to.deep.equal({ error: CHAT_EMPTY_BODY });
    }
    expect(await db('messages').where('conversation_id', id).pluck('body')).to.deep.equal(['Hello there']);
    expect((await db('conversations').where('id', id).first()).last_message_at).to.deep.equal(lastActivity);
  });

  it('refuses it as the first message of a new conversation and starts none', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    for (const body of WHITESPACE_ONLY) {
      const response = await send(ann, { body, conversationId: -1, startNewConversationTo: bob.petHandle }).expect(400);
      expect(response.body, JSON.stringify(body)).to.deep.equal({ error: CHAT_EMPTY_BODY });
    }
    expect(await count('messages')).to.equal(0);
    expect(await count('conversations')).to.equal(0);
    expect(await count('conversation_participants')).to.equal(0);
  });
});
