// QA: comparing a dog's mix with an unknown handle says no dog with that handle was found (not
// that loading failed), and a blank handle asks for one; both in the fragment the script loads
// and on the page itself, which is what a visitor without scripts gets from the form.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import type { Db } from '../../../server/db/index.js';
import { MIX_COMPARISON_ERROR, MIX_COMPARISON_HANDLE_REQUIRED, MIX_COMPARISON_UNKNOWN_DOG } from '../../../server/shared/messages.js';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser } from '../../support/factories.js';

/** The text as EJS escapes it into the page. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&#34;');

describe('comparing mixes with another dog by handle', function () {
  this.timeout(60_000);
  let app: Express;
  let db: Db;

  async function dogWith(ownerId: number, handle: string, changes: Record<string, unknown> = {}) {
    const petNum = await createPet(db, ownerId, { name: handle.replace(/-/g, ' '), handle });
    if (Object.keys(changes).length) await db('pets').where({ pet_num: petNum }).update(changes);
    await db('breed_mix_summaries').insert({ pet_num: petNum, breed_type: 'mixed', breed_mix_scenario: 'mixed', breed_mix_name: 'Beagle & Pug Mix' });
  }

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const owner = await createUser(db, { email: 'mix-owner@example.test' });
    await dogWith(owner.id, 'first-dog', { privacy: 'public' });
    await dogWith(owner.id, 'second-dog', { privacy: 'public' });
    await dogWith(owner.id, 'secret-dog', { privacy: 'private' });
  });

  const fragment = (query: string) => request(app).get(`/api/mix-match-comparison-fragment/first-dog${query}`);

  it('answers an unknown handle with "no dog with that handle", not the loading error', async () => {
    const answer = await fragment('?compareMix=no-such-dog').expect(404);
    expect(answer.text).to.include(escaped(MIX_COMPARISON_UNKNOWN_DOG)).and.include('data-mix-comparison-problem').and.not.include(MIX_COMPARISON_ERROR);
  });

  it('answers a dog the visitor may not see exactly as an unknown one, so private handles cannot be probed', async () => {
    const unknown = await fragment('?compareMix=no-such-dog').expect(404);
    const secret = await fragment('?compareMix=secret-dog').expect(404);
    expect(secret.text).to.equal(unknown.text);
  });

  it('asks for a handle when the one sent is empty or blank', async () => {
    for (const query of ['?compareMix=', '?compareMix=%20%20', '?compareMix=%0A']) {
      const answer = await fragment(query).expect(400);
      expect(answer.text, query).to.include(escaped(MIX_COMPARISON_HANDLE_REQUIRED)).and.not.include(MIX_COMPARISON_ERROR);
    }
  });

  it('still compares a dog found by its handle, whatever its case and spaces', async () => {
    const answer = await fragment('?compareMix=%20Second-Dog%20').expect(200);
    expect(answer.text).to.include('data-mix-comparison-result').and.not.include('data-mix-comparison-problem');
  });

  describe('without scripts: the form reloads the page with ?compareMix=', () => {
    const area = (html: string) => html.slice(html.indexOf('data-mix-comparison '), html.indexOf('</div>', html.indexOf('data-mix-comparison ')));

    it('shows the page with "no dog with that handle" in the comparison area, the handle kept in the field', async () => {
      const page = await request(app).get('/dog/first-dog?compareMix=no-such-dog').expect(200);
      expect(page.text).to.include('<h1>');
      expect(area(page.text)).to.include(escaped(MIX_COMPARISON_UNKNOWN_DOG)).and.include('role="alert"');
      expect(area(page.text)).to.not.match(/^data-mix-comparison [^>]*hidden/);
      expect(page.text).to.match(/<input id="compareMix"[^>]*value="no-such-dog"[^>]*aria-invalid="true"/);
    });

    it('asks for a handle when the form was sent blank', async () => {
      for (const query of ['?compareMix=', '?compareMix=+++']) {
        const page = await request(app).get(`/dog/first-dog${query}`).expect(200);
        expect(area(page.text), query).to.include(escaped(MIX_COMPARISON_HANDLE_REQUIRED));
      }
    });

    it('shows no message when no comparison was asked for', async () => {
      const page = await request(app).get('/dog/first-dog').expect(200);
      expect(page.text).to.not.include('data-mix-comparison-problem');
      expect(area(page.text)).to.match(/ hidden>/);
    });
  });
});
