// Issue 11: privacy decides every public page and call of a dog, on the server.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import type { Db } from '../../../server/db/index.js';
import { MIX_COMPARISON_UNKNOWN_DOG } from '../../../server/shared/messages.js';
import { testApp, signIn, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';

type Who = 'anonymous' | 'member' | 'owner' | 'admin';
type Privacy = 'public' | 'public-private' | 'private';

describe('public dog profiles: who sees what', function () {
  this.timeout(60_000);
  let app: Express;
  let db: Db;
  const agents = {} as Record<Who, ReturnType<typeof request> | Agent>;
  const handles = {} as Record<Privacy | 'hidden' | 'deleted', string>;

  async function dogWith(ownerId: number, handle: string, changes: Record<string, unknown>, { withResults = true } = {}) {
    const petNum = await createPet(db, ownerId, { name: handle.replace(/-/g, ' '), handle });
    await db('pets').where({ pet_num: petNum }).update(changes);
    if (withResults) await db('breed_mix_summaries').insert({ pet_num: petNum, breed_type: 'mixed', breed_mix_scenario: 'mixed', breed_mix_name: 'Beagle & Pug Mix' }).catch(() => undefined);
    return petNum;
  }

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const owner = await createUser(db, { email: 'owner@example.test' });
    await createUser(db, { email: 'member@example.test' });
    await createUser(db, { email: 'admin@example.test', isAdmin: true });
    handles.public = 'open-dog';
    handles['public-private'] = 'members-dog';
    handles.private = 'secret-dog';
    handles.hidden = 'hidden-dog';
    handles.deleted = 'gone-dog';
    await dogWith(owner.id, handles.public, { privacy: 'public' });
    await dogWith(owner.id, handles['public-private'], { privacy: 'public-private' });
    await dogWith(owner.id, handles.private, { privacy: 'private' });
    await dogWith(owner.id, handles.hidden, { privacy: 'public', is_hidden: true });
    await dogWith(owner.id, handles.deleted, { privacy: 'public', deleted_at: db.fn.now() });
    await dogWith(owner.id, 'awaiting-dog', { privacy: 'public' }, { withResults: false });
    agents.anonymous = request(app);
    agents.member = await signIn(app, 'member@example.test', TEST_PASSWORD);
    agents.owner = await signIn(app, 'owner@example.test', TEST_PASSWORD);
    agents.admin = await signIn(app, 'admin@example.test', TEST_PASSWORD);
  });

  // 'show': the page; 'signIn': the members-only page; 404: the same answer as an unknown handle.
  const expected: Record<Privacy | 'hidden' | 'deleted', Record<Who, 'show' | 'signIn' | 404>> = {
    public: { anonymous: 'show', member: 'show', owner: 'show', admin: 'show' },
    'public-private': { anonymous: 'signIn', member: 'show', owner: 'show', admin: 'show' },
    private: { anonymous: 404, member: 404, owner: 'show', admin: 'show' },
    hidden: { anonymous: 404, member: 404, owner: 'show', admin: 'show' },
    deleted: { anonymous: 404, member: 404, owner: 404, admin: 404 },
  };

  for (const [kind, byWho] of Object.entries(expected) as [keyof typeof expected, Record<Who, 'show' | 'signIn' | 404>][]) {
    for (const [who, outcome] of Object.entries(byWho) as [Who, 'show' | 'signIn' | 404][]) {
      it(`a ${kind} dog: ${who} gets ${outcome === 404 ? '404 everywhere' : outcome === 'signIn' ? 'the sign-in page and 404 from the calls' : 'the page and every call'}`, async () => {
        const handle = handles[kind];
        const agent = agents[who];
        const page = await agent.get(`/dog/${handle}`);
        const calls = [
          `/getpublicpetimg/${handle}`,
          `/api/total-number-of-likes/${handle}`,
          `/api/public-profile-view-count/${handle}`,
          `/api/mix-match-comparison-fragment/${handles.public}?compareMix=${handle}`,
          `/related/${handles.public}/${handle}`,
        ];
        const answers = await Promise.all(calls.map((path) => agent.get(path)));
        if (outcome === 404) {
          expect(page.status).to.equal(404);
          expect(page.text).to.not.include(handle.replace(/-/g, ' '));
          for (const [i, answer] of answers.entries()) expect(answer.status, calls[i]).to.equal(404);
          expect(answers[3].text).to.include(MIX_COMPARISON_UNKNOWN_DOG); // the same as an unknown handle
        } else if (outcome === 'signIn') {
          expect(page.status).to.equal(200);
          expect(page.text).to.include('Sign in to see this dog').and.include('<meta name="robots" content="noindex">');
          expect(page.text).to.not.include('Beagle &amp; Pug Mix');
          for (const [i, answer] of answers.entries()) expect(answer.status, calls[i]).to.equal(404);
        } else {
          expect(page.status).to.equal(200);
          expect(page.text).to.include('<h1>').and.include('Beagle &amp; Pug Mix');
          for (const [i, answer] of answers.entries()) expect(answer.status, calls[i]).to.equal(200);
          expect(answers[0].headers['content-type']).to.match(/^image\/png/);
          expect(answers[1].body).to.deep.equal({ totalNumberOfLikes: 0 });
          expect(answers[2].body).to.have.property('publicProfileViewCount').that.is.a('number');
        }
      });
    }
  }

  it('indexes public dogs only: canonical, Open Graph and JSON-LD on a public dog, noindex on the others', async () => {
    const open = await agents.anonymous.get(`/dog/${handles.public}`).expect(200);
    expect(open.text).to.not.include('content="noindex"');
    expect(open.text).to.include(`<link rel="canonical" href="http://localhost:3000/dog/${handles.public}">`);
    expect(open.text).to.include('property="og:image" content="http://localhost:3000/getpublicpetimg/open-dog"');
    // the preview image is one link previews show: a PNG (the letter avatar), not an SVG
    const image = await agents.anonymous.get('/getpublicpetimg/open-dog').buffer(true).expect(200);
    expect(image.headers['content-type']).to.equal('image/png');
    expect(Buffer.from(image.body).subarray(1, 4).toString('latin1')).to.equal('PNG');
    expect(open.text).to.match(/<script type="application\/ld\+json"[^>]*>\{"@context":"https:\/\/schema.org"/);
    const members = await agents.member.get(`/dog/${handles['public-private']}`).expect(200);
    expect(members.text).to.include('<meta name="robots" content="noindex">');
  });

  it('answers unknown, malformed and hostile handles with the 404 page, never a 500', async () => {
    expect((await agents.anonymous.get('/dog/%00')).status).to.equal(400); // control characters are refused at the edge
    for (const path of ['/dog/no-such-dog', '/dog/' + 'a'.repeat(500), '/dog/%3Cscript%3E', '/getpublicpetimg/..%2F..%2Fetc', '/api/total-number-of-likes/x', '/related/open-dog/open-dog%27--', '/api/mix-match-comparison-fragment/open-dog?compareMix[]=a']) {
      const answer = await agents.anonymous.get(path);
      expect(answer.status, path).to.equal(404);
    }
  });

  it('lists public dogs only in the sitemap, and robots.txt names it', async () => {
    const robots = await agents.anonymous.get('/robots.txt').expect(200);
    expect(robots.text).to.include('Sitemap: http://localhost:3000/sitemap.xml');
    const index = await agents.anonymous.get('/sitemap.xml').expect(200);
    const files = [...index.text.matchAll(/<loc>http:\/\/localhost:3000(\/sitemaps\/dogs-\d+\.xml)<\/loc>/g)].map((match) => match[1]);
    expect(files).to.have.length.greaterThan(0);
    const listed = (await Promise.all(files.map((file) => agents.anonymous.get(file).expect(200)))).map((answer) => answer.text).join('');
    expect(listed).to.include(`/dog/${handles.public}<`);
    for (const kind of ['public-private', 'private', 'hidden', 'deleted'] as const) expect(listed).to.not.include(`/dog/${handles[kind]}<`);
    await agents.anonymous.get('/sitemaps/dogs-999.xml').expect(404);
  });

  it('keeps a public dog still awaiting its results out of the sitemap and out of search engines (issue 36 §26)', async () => {
    const index = await agents.anonymous.get('/sitemap.xml').expect(200);
    const files = [...index.text.matchAll(/<loc>http:\/\/localhost:3000(\/sitemaps\/dogs-\d+\.xml)<\/loc>/g)].map((match) => match[1]);
    const listed = (await Promise.all(files.map((file) => agents.anonymous.get(file).expect(200)))).map((answer) => answer.text).join('');
    expect(listed).to.not.include('/dog/awaiting-dog<');
    const page = await agents.anonymous.get('/dog/awaiting-dog').expect(200);
    expect(page.text).to.match(/<meta name="robots" content="noindex/);
    expect((await agents.anonymous.get(`/dog/${handles.public}`).expect(200)).text).to.not.match(/<meta name="robots" content="noindex/);
  });
});
