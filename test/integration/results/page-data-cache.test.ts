import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, mainText, ownedPetNum } from './population.js';

// Read on every view, outside the kept page data: the session and its shell counts, the viewer's
// access to the dog, the vet-share panel.
const READ_ON_EVERY_VIEW = new Set([
  'sessions',
  'users',
  'pet_owners',
  'messages',
  'conversation_participants',
  'message_read_statuses',
  'practice_patients',
  'practice_users',
  'vet_report_shares',
  'vet_practices',
  'page_data_generation',
  // the public profile's wags and views
  'media_likes',
  'media',
  'profile_views_by_day',
  'profile_view_visitors',
  'counted',
  // the views counted in memory, written a second later (public-profile/view-recorder.ts)
  'visit',
  'unnest',
]);
const CACHED_PAGES = ['summary', 'breed-and-ancestry', 'health', 'health/breed-relevant', 'health/other', 'traits', 'relatives'];

/** Tables named after from/join in SQL, quoted by knex or written by hand. */
function tablesIn(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => match[1]).filter((name) => name !== 'lateral');
}

describe('results pages and public profiles keep their data between views (issue 18)', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
  });

  it('reads only tables whose writes move the page-data generation', async () => {
    const db = await testDb();
    const { rows } = await db.raw<{ rows: { table: string }[] }>("select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = c.relname || '_page_data'");
    const watched = new Set(rows.map((row) => row.table));
    const read = new Set<string>();
    const record = (query: { sql: string }) => tablesIn(query.sql).forEach((table) => read.add(table));
    // A fresh app: nothing kept yet, so every loader runs.
    const publicApp = await demoPopulation();
    const agent = await signInAsDemo(publicApp, 'parent');
    const { handle } = await db('pets').where({ pet_num: biscuit }).first('handle');
    db.on('query', record);
    try {
      for (const page of CACHED_PAGES) await agent.get(`/members/results/${page}?i=${biscuit}`).expect(200);
      await request(publicApp).get(`/dog/${handle}`).expect(200);
      await agent.get(`/dog/${handle}`).expect(200);
    } finally {
      db.removeListener('query', record);
    }
    const unwatched = [...read].filter((table) => !watched.has(table) && !READ_ON_EVERY_VIEW.has(table));
    expect(unwatched, 'add these tables to the page-data triggers (see migration 2026112500 18) or stop caching the page').to.deep.equal([]);
    expect(watched.has('breed_mix_summaries')).to.equal(true);
  });

  it('sends fewer queries for a page seen before', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const count = async () => {
      let queries = 0;
      const counter = () => queries++;
      db.on('query', counter);
      await agent.get(`/members/results/summary?i=${biscuit}`).expect(200);
      db.removeListener('query', counter);
      return queries;
    };
    const first = await count();
    const second = await count();
    expect(second).to.be.lessThan(first - 5);
  });

  it('shows a change to the results at the next view, once it is committed', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const view = async () => mainText((await agent.get(`/members/results/summary?i=${biscuit}`).expect(200)).text);
    const { breed_mix_name: before } = await db('breed_mix_summaries').where({ pet_num: biscuit }).first('breed_mix_name');
    expect(await view()).to.include(before);
    const renamed = 'Cache Test Mix';
    if (process.env.DATABASE_URL) {
      // On PostgreSQL another connection's open transaction is invisible until it commits.
      const trx = await db.transaction();
      await trx('breed_mix_summaries').where({ pet_num: biscuit }).update({ breed_mix_name: renamed });
      expect(await view()).to.include(before);
      await trx.commit();
    } else {
      await db('breed_mix_summaries').where({ pet_num: biscuit }).update({ breed_mix_name: renamed });
    }
    expect(await view()).to.include(renamed);
    await db('breed_mix_summaries').where({ pet_num: biscuit }).update({ breed_mix_name: before });
    expect(await view()).to.include(before).and.not.include(renamed);
  });

  it('follows a change to the dog itself, such as its name', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    await agent.get(`/members/results/traits?i=${biscuit}`).expect(200);
    await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscotti' });
    try {
      expect((await agent.get(`/members/results/traits?i=${biscuit}`).expect(200)).text).to.include('Biscotti');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscuit' });
    }
  });
});
