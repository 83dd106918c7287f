import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { CHAT_UNKNOWN_DOG, CHAT_WITH_YOURSELF, INVALID_ARGUMENTS, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { createPet } from '../../support/factories.js';
import { CHAT, getJson, member, send, signedOut, startConversation } from './helpers.js';

describe('GET /members/chat/get-conversations', () => {
  let app: Express;
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  it('lists the conversations with the fields of the spec', async () => {
    const ann = await member(app, db, { petName: 'Rex', name: 'Ann Owner' });
    const bob = await member(app, db, { petName: 'Luna', name: 'Bob Owner' });
    const id = await startConversation(ann, bob.petHandle!, 'Hello Bob, how is Luna doing these days? Ours is great.');
    await send(ann, { body: 'Second message', conversationId: id }).expect(200);

    const response = await getJson(bob, '/get-conversations').expect(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(response.body).to.include({ toPetDetails: null, openConversationId: null, numUnreadMessages: 2 });
    const [conversation] = response.body.conversations;
    expect(conversation).to.deep.include({
      conversation_id: id,
      participant_user_ids: [ann.userId, bob.userId].sort((a, b) => a - b),
      most_recent_message_snippet: 'Second message',
      toUserName: 'Ann Owner',
      subject: 'Rex and Luna',
      num_messages: 2,
      num_unread: 2,
      blocked: false,
      blockedByMe: false,
    });
    expect(conversation.toUserPets).to.deep.equal([{ handle: ann.petHandle, name: 'Rex', petImageUrl: null }]);
    expect(conversation.activeUserPet).to.deep.equal({ handle: bob.petHandle, name: 'Luna', petImageUrl: null });
    expect(conversation.pets).to.deep.equal([{ handle: ann.petHandle, name: 'Rex', petImageUrl: null, likenessScore: null }]);
    expect(conversation.lastActivityAt).to.be.a('string');

    const mine = (await getJson(ann, '/get-conversations').expect(200)).body.conversations[0];
    expect(mine).to.include({ toUserName: 'Bob Owner', num_unread: 0, num_messages: 2 });
  });

  it('names the dog each side chats about, not all of a breeder\'s dogs (issue 36 §17)', async () => {
    const ann = await member(app, db, { petName: 'Rex', name: 'Ann Owner' });
    const bea = await member(app, db, { petName: 'Aurora', name: 'Bea Breeder' });
    for (const name of ['Bramble', 'Cider', 'Dune']) await createPet(db, bea.userId, { name });
    const cider = (await db('pets').where('name', 'Cider').first('handle')).handle as string;

    const fresh = (await getJson(ann, `/get-conversations?to=${cider}`).expect(200)).body.conversations[0];
    expect(fresh.toUserPets.map((pet: { name: string }) => pet.name)).to.deep.equal(['Aurora', 'Bramble', 'Cider', 'Dune']);
    expect(fresh.pets).to.deep.equal([{ handle: cider, name: 'Cider', petImageUrl: null, likenessScore: null }]);

    await startConversation(ann, cider);
    const [mine] = (await getJson(ann, '/get-conversations').expect(200)).body.conversations;
    expect(mine.pets.map((pet: { name: string }) => pet.name)).to.deep.equal(['Cider']);
    const [theirs] = (await getJson(bea, '/get-conversations').expect(200)).body.conversations;
    expect(theirs.pets.map((pet: { name: string }) => pet.name)).to.deep.equal(['Rex']);
    expect(theirs.activeUserPet.name).to.equal('Cider');
  });

  it('leaves out hidden and private dogs of the other owner', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    await db('pets').insert({ name: 'Secret', handle: 'secret-dog', is_hidden: true });
    await db('pet_owners').insert({ pet_num: (await db('pets').where('handle', 'secret-dog').first('pet_num')).pet_num, user_id: bob.userId });
    await startConversation(ann, bob.petHandle!);
    const [conversation] = (await getJson(ann, '/get-conversations').expect(200)).body.conversations;
    expect(conversation.toUserPets.map((pet: { handle: string }) => pet.handle)).to.deep.equal([bob.petHandle]);
  });

  it('with ?to= offers conversation -1 with that dog\'s owner, or the existing conversation', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna', name: 'Bob Owner' });
    const fresh = (await getJson(ann, `/get-conversations?to=${bob.petHandle}`).expect(200)).body;
    expect(fresh.openConversationId).to.equal(-1);
    expect(fresh.toPetDetails).to.deep.equal({ handle: bob.petHandle, name: 'Luna', petImageUrl: null, ownerName: 'Bob Owner' });
    expect(fresh.conversations[0]).to.deep.include({ conversation_id: -1, toUserName: 'Bob Owner', subject: 'Rex and Luna', num_messages: 0, num_unread: 0, blocked: false });
    expect(await db('conversations').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(0);

    const id = await startConversation(ann, bob.petHandle!);
    const existing = (await getJson(ann, `/get-conversations?to=${bob.petHandle}`).expect(200)).body;
    expect(existing.openConversationId).to.equal(id);
    expect(existing.conversations.map((c: { conversation_id: number }) => c.conversation_id)).to.deep.equal([id]);
  });

  it('refuses ?to= naming your own dog, an unknown or hidden dog, or bad input', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    expect((await getJson(ann, `/get-conversations?to=${ann.petHandle}`).expect(400)).body.error).to.equal(CHAT_WITH_YOURSELF);
    expect((await getJson(ann, '/get-conversations?to=nobody-here').expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    expect((await getJson(ann, '/get-conversations?to=%3Cscript%3E').expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    expect((await getJson(ann, '/get-conversations?to=a&to=b').expect(400)).body.error).to.equal(INVALID_ARGUMENTS);
    await db('pets').where('handle', bob.petHandle).update({ is_hidden: true });
    expect((await getJson(ann, `/get-conversations?to=${bob.petHandle}`).expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
  });

  it('shows a third user none of the conversations of others', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const eve = await member(app, db);
    await startConversation(ann, bob.petHandle!);
    expect((await getJson(eve, '/get-conversations').expect(200)).body).to.deep.include({ conversations: [], numUnreadMessages: 0 });
  });

  it("answers signed-out callers with 'Please log in to continue' as JSON", async () => {
    for (const path of ['/get-conversations', '/get-messages/1', '/delete-messages-in-conversation/1']) {
      const response = await signedOut(app).get(`${CHAT}${path}`).expect(401);
      expect(response.body, path).to.deep.equal({ error: PLEASE_LOG_IN });
    }
  });

  it('scores the likeness of tested dogs, siblings far above strangers, and null for an untested dog', async function () {
    this.timeout(60_000);
    const lab = await testLab(db);
    const { simulator } = testWorld();
    const [sire, dam] = [simulator.purebred('collie', 'm'), simulator.purebred('collie', 'f')];
    const [ourPup, theirPup] = simulator.litter(sire, dam, 2);
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const carol = await member(app, db);
    const dan = await member(app, db);
    await db('pets').insert({ name: 'Stranger', handle: 'likeness-stranger' });
    const strangerNum = (await db('pets').where('handle', 'likeness-stranger').first('pet_num')).pet_num;
    await db('pet_owners').insert({ pet_num: strangerNum, user_id: carol.userId });
    await db('pets').insert({ name: 'Untested', handle: 'likeness-untested' });
    await db('pet_owners').insert({ pet_num: (await db('pets').where('handle', 'likeness-untested').first('pet_num')).pet_num, user_id: dan.userId });
    const genotyped: [string, typeof ourPup][] = [
      [ann.petHandle!, ourPup],
      [bob.petHandle!, theirPup],
      ['likeness-stranger', simulator.purebred('pug', 'f')],
    ];
    for (const [i, [handle, dog]] of genotyped.entries()) {
      const petNum = (await db('pets').where({ handle }).first('pet_num')).pet_num;
      const swabCode = `LIKENESS${String(i).padStart(6, '0')}`;
      await db('swabs').insert({ swab_code: swabCode, pet_num: petNum, swab_state: 'activated', product_type: 'ComprehensiveConsumer', activated_at: db.fn.now() });
      await ingestGenotypeFile(db, lab, { fileName: `${handle}.tsv`, text: genotypeFile(dog, swabCode) });
    }

    // a conversation scores the dog it is about, so each dog's owner gets a conversation of their own
    for (const handle of [bob.petHandle!, 'likeness-stranger', 'likeness-untested']) await startConversation(ann, handle);
    const conversations = (await getJson(ann, '/get-conversations').expect(200)).body.conversations as { pets: { handle: string; likenessScore: number | null }[] }[];
    const score = new Map(conversations.map(({ pets: [pet] }) => [pet.handle, pet.likenessScore] as const));
    expect(score.get('likeness-untested')).to.equal(null);
    const siblings = score.get(bob.petHandle!) as number;
    const strangers = score.get('likeness-stranger') as number;
    expect(siblings).to.be.a('number').within(0, 100);
    expect(strangers).to.be.a('number').within(0, 100);
    expect(siblings - strangers).to.be.above(20);
  });
});
