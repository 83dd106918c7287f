import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import type { User } from '../../../server/users/queries.js';

const PAGE = '/breeders/breeder-profile';

describe('kennel profile: /breeders/breeder-profile and /kennel/{slug}', () => {
  let app: Express;
  let db: Db;
  let breeder: User;
  let rival: User;
  let parentUser: User;

  const form = {
    kennelName: 'Sunny Meadow Kennels',
    slug: 'sunny-meadow',
    description: 'Health-tested retrievers <b>raised at home</b>.',
    location: 'Ithaca, NY',
    breeds: ['labrador-retriever', 'golden-retriever'],
    website: 'https://sunny.example',
    instagramUrl: 'https://instagram.com/sunny',
    facebookUrl: '',
  };

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    breeder = await createUser(db, { email: 'kennel@kennel.test', isBreeder: true, breederName: 'Old Name' });
    rival = await createUser(db, { email: 'rival@kennel.test', isBreeder: true, breederName: 'Rival' });
    parentUser = await createUser(db, { email: 'parent@kennel.test' });
    await createPet(db, breeder.id, { name: 'Public Pup', sex: 'f' });
    const pictured = await createPet(db, breeder.id, { name: 'Zoe Pup', sex: 'f' });
    await db('pets').where({ pet_num: pictured }).update({ profile_image_public_id: 'ui/0123456789abcdef0123' });
    const secret = await createPet(db, breeder.id, { name: 'Secret Pup', sex: 'm' });
    const members = await createPet(db, breeder.id, { name: 'Members Pup', sex: 'm' });
    const hidden = await createPet(db, breeder.id, { name: 'Hidden Pup', sex: 'm' });
    await db('pets').where({ pet_num: secret }).update({ privacy: 'private' });
    await db('pets').where({ pet_num: members }).update({ privacy: 'public-private' });
    await db('pets').where({ pet_num: hidden }).update({ is_hidden: true });
  });

  const post = async (agent: Awaited<ReturnType<typeof signIn>>, body: Record<string, unknown>) => agent.post(PAGE).type('form').send({ _csrf: await csrfToken(agent, PAGE), ...body });

  it('saves the profile and the kennel name (the header title) in one go, then shows the public page', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    expect((await agent.get(PAGE).expect(200)).text).to.contain('not published yet');
    const saved = await post(agent, form);
    expect(saved.status).to.equal(303);
    expect((await db('users').where({ id: breeder.id }).first('breeder_name')).breeder_name).to.equal('Sunny Meadow Kennels');
    expect(await db('kennel_profiles').where({ user_id: breeder.id }).first('slug', 'location', 'breed_slugs', 'facebook_url')).to.deep.equal({ slug: 'sunny-meadow', location: 'Ithaca, NY', breed_slugs: ['labrador-retriever', 'golden-retriever'], facebook_url: null });
    const editor = await agent.get(`${PAGE}?saved=1`).expect(200);
    expect(editor.text).to.contain('href="/kennel/sunny-meadow"');

    const page = await request(app).get('/kennel/sunny-meadow').expect(200);
    expect(page.text).to.contain('<h1 id="kennel-name">Sunny Meadow Kennels</h1>');
    expect(page.text).to.contain('&lt;b&gt;raised at home&lt;/b&gt;');
    expect(page.text).to.contain('Labrador Retriever, Golden Retriever');
    expect(page.text).to.contain('<link rel="canonical" href="http://localhost:3000/kennel/sunny-meadow">');
    expect(page.text).to.not.contain('name="robots" content="noindex"');
    expect(page.text).to.contain('>Public Pup<');
    // Each dog with its avatar: the picture when it has one, else its initial.
    expect(page.text).to.match(/<img class="avatar avatar--photo" src="\/media\/ui\/0123456789abcdef0123\/thumb\.jpg"[^>]*>\s*<span><a href="\/dog\/zoe-pup">/);
    expect(page.text).to.match(/data-avatar="letter">P<\/span>\s*<span><a href="\/dog\/public-pup">/);
    for (const name of ['Secret Pup', 'Members Pup', 'Hidden Pup']) expect(page.text).to.not.contain(name);
    expect(page.text).to.match(/href="\/members\/chat\?to=public-pup[^"]*" data-kennel-chat/);
    // link previews show one of the kennel's dogs (the one with a photo), as a raster image the previews accept
    expect(page.text).to.contain('<meta property="og:image" content="http://localhost:3000/getpublicpetimg/zoe-pup">');
  });

  it('describes the kennel for search engines on one line, cut at a word', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const long = `We raise labradors at home.\n\nEvery litter is DNA tested. ${'Our dogs love water and long walks. '.repeat(12)}`;
    expect((await post(agent, { ...form, description: long })).status).to.equal(303);
    const page = (await request(app).get('/kennel/sunny-meadow').expect(200)).text;
    const description = page.match(/<meta name="description" content="([^"]*)">/)![1];
    expect(description).to.match(/^We raise labradors at home\. Every litter is DNA tested\. Our dogs/);
    expect(description.length).to.be.at.most(300);
    expect(description).to.match(/walks…$|water…$|love…$|dogs…$|long…$|and…$/);
  });

  it('keeps the description\u2019s paragraphs and line breaks, counting a browser\u2019s \\r\\n as one character', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    // 2,000 characters once each line break is one: the browser sends 2,002
    const full = `${'a'.repeat(998)}\r\n\r\n${'b'.repeat(1000)}`;
    expect((await post(agent, { ...form, description: full })).status).to.equal(303);
    const stored = (await db('kennel_profiles').where({ user_id: breeder.id }).first('description')).description;
    expect(stored).to.equal(`${'a'.repeat(998)}\n\n${'b'.repeat(1000)}`);
    expect((await post(agent, { ...form, description: `${full}b` })).status, '2,001 characters').to.equal(400);
    expect((await post(agent, { ...form, description: 'Old Mac line\rbreaks\r\n\r\nWe raise <b>labs</b>.\r\nAt home.' })).status).to.equal(303);
    expect((await db('kennel_profiles').where({ user_id: breeder.id }).first('description')).description).to.equal('Old Mac line\nbreaks\n\nWe raise <b>labs</b>.\nAt home.');
    const page = (await request(app).get('/kennel/sunny-meadow').expect(200)).text;
    expect(page).to.contain('<div class="kennel-description"><p>Old Mac line\nbreaks</p><p>We raise &lt;b&gt;labs&lt;/b&gt;.\nAt home.</p></div>');
    const css = (await request(app).get(page.match(/href="([^"]*breeders[^"]*\.css)"/)![1]).expect(200)).text;
    expect(css).to.match(/\.kennel-description p\s*\{[^}]*white-space:\s*pre-line/);
    expect((await post(agent, form)).status).to.equal(303);
  });

  it('says a one-character kennel name is too short, and a missing one missing', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const short = await post(agent, { ...form, kennelName: ' A ' });
    expect(short.status).to.equal(400);
    expect(short.text).to.contain('Your kennel\u2019s name needs at least 2 characters').and.not.contain('Please enter your kennel');
    const blank = await post(agent, { ...form, kennelName: '  ' });
    expect(blank.text).to.contain('Please enter your kennel\u2019s name').and.not.contain('at least 2 characters</p>');
    expect(short.text).to.contain('minlength="2"');
  });

  it('explains how to choose several breeds on a phone as well as on a computer', async () => {
    const page = (await (await signIn(app, breeder.email, TEST_PASSWORD)).get(PAGE).expect(200)).text;
    expect(page).to.contain('aria-describedby="kennel-breeds-hint"');
    expect(page).to.match(/id="kennel-breeds-hint">[^<]*On a phone or tablet, tap each breed[^<]*Ctrl \(Cmd on a Mac\)/);
  });

  it('refuses bad fields with their messages and changes nothing', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    for (const [field, value] of [
      ['kennelName', ''],
      ['slug', 'Bad Slug!'],
      ['website', 'javascript:alert(1)'],
      ['website', 'http://insecure.example.com'],
      ['instagramUrl', 'https://evil.example/'],
      ['breeds', ['not-a-breed']],
      ['description', 'x'.repeat(2001)],
      ['website', `https://sunny.example/${'x'.repeat(300)}`],
    ] as const) {
      const response = await post(agent, { ...form, [field]: value });
      expect(response.status, field).to.equal(400);
      expect(response.text).to.contain('field-error');
      expect(response.text, field).to.not.contain('character(s)');
    }
    expect((await post(agent, { ...form, kennelName: 'a\u0000b' })).status).to.equal(400);
    expect((await db('kennel_profiles').where({ user_id: breeder.id }).first('website')).website).to.equal('https://sunny.example');
  });

  it('keeps each kennel\u2019s address its own', async () => {
    expect((await post(await signIn(app, breeder.email, TEST_PASSWORD), form)).status).to.equal(303);
    const agent = await signIn(app, rival.email, TEST_PASSWORD);
    const response = await post(agent, { ...form, kennelName: 'Rival', slug: 'sunny-meadow' });
    expect(response.status).to.equal(400);
    expect(response.text).to.contain('Another kennel already uses this address');
    expect(await db('kennel_profiles').where({ user_id: rival.id }).first()).to.equal(undefined);
  });

  it('gives an address two breeders claim at once to one of them, and the other the plain refusal, never a server error', async () => {
    const [first, second] = await Promise.all(['first@kennel.test', 'second@kennel.test'].map((email) => createUser(db, { email, isBreeder: true })));
    const agents = await Promise.all([first, second].flatMap((user) => Array.from({ length: 5 }, () => signIn(app, user.email, TEST_PASSWORD))));
    const tokens = await Promise.all(agents.map((agent) => csrfToken(agent, PAGE)));
    const responses = await Promise.all(agents.map((agent, i) => agent.post(PAGE).type('form').send({ _csrf: tokens[i], ...form, kennelName: 'Claimant', slug: 'contested-address' })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 303 || status === 400), statuses.join(' ')).to.equal(true);
    for (const refused of responses.filter((response) => response.status === 400)) expect(refused.text).to.contain('Another kennel already uses this address');
    const owners = await db('kennel_profiles').where({ slug: 'contested-address' }).pluck('user_id');
    expect(owners).to.have.length(1);
    // every save of the owner went through; every one of the other was refused
    const owner = owners[0] === first.id ? 0 : 1;
    expect(statuses.slice(owner * 5, owner * 5 + 5)).to.deep.equal(Array(5).fill(303));
    expect(statuses.slice((1 - owner) * 5, (1 - owner) * 5 + 5)).to.deep.equal(Array(5).fill(400));
  });

  it('refuses members who are not breeders, sends signed-out visitors home, and answers unknown kennels with 404', async () => {
    const agent = await signIn(app, parentUser.email, TEST_PASSWORD);
    await agent.get(PAGE).expect(403);
    expect((await post(agent, form)).status).to.equal(403);
    expect((await request(app).get(PAGE).expect(302)).headers.location).to.equal('/');
    await request(app).get('/kennel/no-such-kennel').expect(404);
    await request(app).get('/kennel/%00').expect((res) => expect(res.status).to.be.oneOf([400, 404]));
  });
});
