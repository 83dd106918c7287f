// GET /members/chat/events: the inbox's server-sent event stream, fed by NOTIFY on commit.
import { expect } from 'chai';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import type { ChatEvents } from '../../../server/chat/events.js';
import { LISTENER_APPLICATION_NAME } from '../../../server/chat/listen-postgres.js';
import { PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { block, CHAT, getJson, member, send, startConversation, type Member } from './helpers.js';

/** An open event stream: the events it received so far, and a way to wait for the next ones. */
interface Stream {
  events: { event: string; data: unknown }[];
  waitFor(count: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

describe('GET /members/chat/events', () => {
  let app: Express;
  let db: Db;
  let server: Server;
  let origin: string;
  const streams: Stream[] = [];

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await (app.locals.chatEvents as ChatEvents).close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The session cookie of a member signed in through the form, as a browser holds it. */
  async function sessionCookie(email: string): Promise<string> {
    const login = await fetch(`${origin}/login`);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const token = (await login.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
    const response = await fetch(`${origin}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
      body: new URLSearchParams({ email, password: TEST_PASSWORD, _csrf: token }),
    });
    expect(response.status).to.equal(302);
    return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  async function openStream(who: Pick<Member, 'email'>): Promise<Stream> {
    const abort = new AbortController();
    const response = await fetch(`${origin}${CHAT}/events`, { headers: { cookie: await sessionCookie(who.email), accept: 'text/event-stream' }, signal: abort.signal });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/event-stream/);
    expect(response.headers.get('content-encoding'), 'a compressed stream holds events back').to.equal(null);
    const events: Stream['events'] = [];
    let buffer = '';
    let wake: () => void = () => {};
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
          wake();
        }
      }
    })().catch(() => {});
    const stream: Stream = {
      events,
      ended: reading,
      async waitFor(count) {
        while (events.length < count) await new Promise<void>((resolve) => (wake = resolve));
      },
      close() {
        abort.abort();
      },
    };
    streams.push(stream);
    return stream;
  }

  it('answers 401 to a signed-out caller', async () => {
    const response = await fetch(`${origin}${CHAT}/events`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).to.equal(401);
    expect(await response.json()).to.deep.equal({ error: PLEASE_LOG_IN });
  });

  it("sends each member the events of their own conversations only, once the write commits", async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const carol = await member(app, db, { petName: 'Pip' });
    const dan = await member(app, db, { petName: 'Fido' });
    const annAndBob = await startConversation(ann, bob.petHandle!);

    const bobStream = await openStream(bob);
    const carolStream = await openStream(carol);
    await send(ann, { body: 'Are you there?', conversationId: annAndBob }).expect(200);
    await bobStream.waitFor(1);
    expect(bobStream.events[0]).to.deep.equal({ event: 'chat', data: { conversationId: annAndBob } });

    // A refused send (blocked) commits nothing and tells no one.
    await block(bob, 'put', annAndBob).expect(200);
    await send(ann, { body: 'Blocked', conversationId: annAndBob }).expect(403);

    // Carol's first event is her own conversation's: Ann and Bob's passed her by.
    const danAndCarol = await startConversation(dan, carol.petHandle!);
    await carolStream.waitFor(1);
    expect(carolStream.events).to.deep.equal([{ event: 'chat', data: { conversationId: danAndCarol } }]);
    expect(bobStream.events.every((e) => (e.data as { conversationId: number }).conversationId === annAndBob)).to.equal(true);
  });

  it('tells the sender when the other side reads, so "Read:" appears without a reload', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    const annStream = await openStream(ann);
    await getJson(bob, `/get-messages/${id}`).expect(200);
    await annStream.waitFor(1);
    expect(annStream.events[0]).to.deep.equal({ event: 'chat', data: { conversationId: id } });
  });

  it('ends the open streams when the database drops its listening connection (a restart); streams opened again hear new messages once pg-listen has connected again', async function () {
    // PGlite listens in-process: there is no connection to lose
    if (!process.env.DATABASE_URL) this.skip();
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    // apps of earlier files may listen on this database too: this app's connection is the new one
    const listeners = async () =>
      (await db.raw<{ rows: { pid: number }[] }>('select pid from pg_stat_activity where datname = current_database() and application_name = ?', [LISTENER_APPLICATION_NAME])).rows.map((row) => row.pid);
    const others = await listeners();
    const before = await openStream(bob);
    const ours = (await listeners()).filter((pid) => !others.includes(pid));
    expect(ours).to.have.length(1);
    // what a restart of PostgreSQL does to every connection
    await db.raw('select pg_terminate_backend(?)', [ours[0]]);
    await before.ended; // times out if the stream stayed open, silent
    // the browser opens the stream again: it opens once the app listens again, on one new connection
    const after = await openStream(bob);
    // (the terminated backend may still be on its way out)
    expect((await listeners()).filter((pid) => !others.includes(pid) && pid !== ours[0])).to.have.length(1);
    await send(ann, { body: 'Back again', conversationId: id }).expect(200);
    await after.waitFor(1);
    expect(after.events[0]).to.deep.equal({ event: 'chat', data: { conversationId: id } });
  });

  it('stops listening on close and ends the open streams', async () => {
    const user = await createUser(db);
    await createPet(db, user.id, { name: 'Solo' });
    const stream = await openStream({ email: user.email });
    await (app.locals.chatEvents as ChatEvents).close();
    await stream.ended; // times out if the server kept the stream open
  });
});
