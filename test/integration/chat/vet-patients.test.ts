// A vet chats with the owner of a patient, even a private one; nobody else reaches a private dog's
// owner through ?to=, and a patient no member owns yet says so (issue 36 §2).
import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { CHAT_NO_OWNER, CHAT_UNKNOWN_DOG } from '../../../server/shared/messages.js';
import { CHAT } from './helpers.js';

const toPetDetails = (html: string) => {
  const match = html.match(/data-widget="chat" data-props="([^"]*)"/);
  if (!match) throw new Error('no chat marker');
  return JSON.parse(match[1].replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')).toPetDetails;
};

async function startChat(agent: Agent, handle: string, status: number) {
  const token = await csrfToken(agent, '/members/messages');
  return agent.post(`${CHAT}/send-message`).set('x-csrf-token', token).set('accept', 'application/json').send({ body: 'About the results', conversationId: -1, startNewConversationTo: handle }).expect(status);
}

describe("chat with the owner of a vet's patient", () => {
  let app: Express;
  let vet: Agent;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
    vet = await signInAsDemo(app, 'vet');
    // Biscuit, the patient its owner shared with the vet's practice, is private
    await (await testDb())('pets').where({ handle: 'biscuit' }).update({ privacy: 'private' });
  });

  it("lets the vet open and start a chat with a private patient's owner", async () => {
    const page = await vet.get(`${CHAT}?to=biscuit`).expect(200);
    expect(toPetDetails(page.text)).to.deep.include({ handle: 'biscuit', ownerName: 'Pat Parent' });
    const conversations = await vet.get(`${CHAT}/get-conversations?to=biscuit`).set('accept', 'application/json').expect(200);
    expect(conversations.body.toPetDetails).to.deep.include({ handle: 'biscuit' });
    const started = await startChat(vet, 'biscuit', 200);
    expect(started.body.startedConversation.conversationId).to.be.a('number');
  });

  it("refuses a private dog's owner to members, vets of other practices and a practice the client stopped sharing with", async () => {
    const db = await testDb();
    const otherVet = await createUser(db, { email: 'dr-other@clinic.test', isVet: true });
    const [{ id: practiceId }] = await db('vet_practices').insert({ name: 'Hillside Vets' }).returning('id');
    await db('practice_users').insert({ practice_id: practiceId, user_id: otherVet.id, is_dvm: true, role: 'owner' });
    const strangers = [await signInAsDemo(app, 'newbie'), await signInAsDemo(app, 'breeder'), await signIn(app, otherVet.email, TEST_PASSWORD)];
    const biscuit = await db('pets').where({ handle: 'biscuit' }).first('pet_num');
    await db('practice_patients').where({ pet_num: biscuit.pet_num }).update({ unshared_at: db.fn.now() });
    const conversationsBefore = await db('conversations').count({ n: '*' }).first();
    for (const agent of [...strangers, vet]) {
      expect((await agent.get(`${CHAT}?to=biscuit`).expect(404)).text).to.include(CHAT_UNKNOWN_DOG);
      expect((await agent.get(`${CHAT}/get-conversations?to=biscuit`).set('accept', 'application/json').expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
      expect((await startChat(agent, 'biscuit', 404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    }
    expect(await db('conversations').count({ n: '*' }).first()).to.deep.equal(conversationsBefore);
  });

  it('says a patient the practice registered has no owner to chat with yet, instead of not finding the dog', async () => {
    const { handle } = await (await testDb())('pets').where({ name: 'Otis' }).first('handle');
    const page = await vet.get(`${CHAT}?to=${handle}`).expect(404);
    expect(page.text).to.include(CHAT_NO_OWNER).and.not.include(CHAT_UNKNOWN_DOG);
    expect((await startChat(vet, handle, 404)).body.error).to.equal(CHAT_NO_OWNER);
  });
});
