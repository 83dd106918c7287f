// spec 1 §7 (issue 36 §18): the media service's roundDogFaceImageUrl by publicId, answered to whoever may
// see the photo, and the round dog face it names, served with the photo's other variants.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { csrfToken, graphql, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { expectStatus, mediaTestApp, petNumOf, testJpeg, upload, type MediaTestApp } from './helpers.js';

const QUERY = 'query($publicId: String!) { roundDogFaceImageUrl(publicId: $publicId) }';
const roundUrl = (agent: Agent, publicId: unknown) => graphql(agent, QUERY, { publicId });

describe('roundDogFaceImageUrl (spec 1 §7, issue 36 §18)', function () {
  this.timeout(60_000);
  let t: MediaTestApp;
  let biscuit: number;
  let parent: Agent;
  let photo: string;

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null });
    await db('media').delete();
    t = await mediaTestApp();
    parent = await signInAsDemo(t.app, 'parent');
    photo = (await expectStatus(upload(parent, biscuit, await testJpeg({ width: 600, height: 300, seed: 7 }), 'biscuit.jpg'), 201)).body.public_id;
  });

  after(async () => {
    await (await testDb())('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
    t.cleanUp();
  });

  it('answers the address of the round face, a square PNG transparent outside the circle', async () => {
    const answer = await roundUrl(parent, photo);
    expect(answer.body).to.deep.equal({ data: { roundDogFaceImageUrl: `/media/${photo}/round.png` } });
    const png = await parent.get(answer.body.data.roundDogFaceImageUrl).expect(200).expect('content-type', 'image/png');
    const { data, info } = await sharp(png.body).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).to.deep.equal([256, 256, 4]);
    expect(data[3], 'corner alpha').to.equal(0);
    expect(data[(128 * 256 + 128) * 4 + 3], 'centre alpha').to.equal(255);
    await parent.get(`/media/${photo}/round.webp`).expect(200).expect('content-type', 'image/webp');
    // only the formats the variant has: no JPEG of a transparent circle, no PNG of the others
    await parent.get(`/media/${photo}/round.jpg`).expect(404);
    await parent.get(`/media/${photo}/thumb.png`).expect(404);
  });

  it('renders the round face on first request for a photo stored before it existed', async () => {
    for (const file of ['round.png', 'round.webp']) fs.rmSync(path.join(t.mediaDir, photo, file));
    await parent.get(`/media/${photo}/round.webp`).expect(200).expect('content-type', 'image/webp');
    const png = await parent.get(`/media/${photo}/round.png`).expect(200);
    expect((await sharp(png.body).metadata()).width).to.equal(256);
    expect(fs.existsSync(path.join(t.mediaDir, photo, 'round.png'))).to.equal(true);
  });

  it('names the turned face once the photo is rotated', async () => {
    const token = await csrfToken(parent, '/members');
    await parent.get(`/members/pet-rotate/image/${biscuit}?publicId=${encodeURIComponent(photo)}&isAjax=true`).set('x-csrf-token', token).set('accept', 'application/json').expect(200);
    expect((await roundUrl(parent, photo)).body.data.roundDogFaceImageUrl).to.equal(`/media/${photo}/round.png?v=90`);
  });

  it('follows who may see the photo: a public dog’s for anyone, a private dog’s for its readers only', async () => {
    const visitor = request.agent(t.app);
    const newbie = await signInAsDemo(t.app, 'newbie');
    expect((await roundUrl(visitor, photo)).body.data.roundDogFaceImageUrl).to.match(/round\.png/);
    expect((await roundUrl(newbie, photo)).body.data.roundDogFaceImageUrl).to.match(/round\.png/);

    await (await testDb())('pets').where({ pet_num: biscuit }).update({ privacy: 'private' });
    const unknown = await roundUrl(newbie, 'ui/00000000000000000000');
    for (const agent of [visitor, newbie]) {
      const refused = await roundUrl(agent, photo);
      expect(refused.body.data.roundDogFaceImageUrl).to.equal(null);
      expect(refused.body.errors.map((e: { message: string; extensions: unknown }) => [e.message, e.extensions])).to.deep.equal([[NOT_AUTHORIZED, { code: 'NOT_AUTHORIZED' }]]);
      // the same answer as for a photo that does not exist: nothing to learn by guessing
      expect(refused.body.errors[0].message).to.equal(unknown.body.errors[0].message);
      await agent.get(`/media/${photo}/round.png`).expect(404);
    }
    expect((await roundUrl(parent, photo)).body.data.roundDogFaceImageUrl).to.match(/round\.png/);
  });

  it('refuses a publicId that names no media, and a missing one, with Invalid Arguments', async () => {
    for (const bad of ['../etc/passwd', '', 'ui/ABC', 'x'.repeat(300), 12]) {
      const refused = await roundUrl(parent, bad);
      expect(refused.body.errors?.[0], JSON.stringify(bad)).to.deep.include({ message: INVALID_ARGUMENTS });
      expect(refused.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    }
    const missing = await graphql(parent, '{ roundDogFaceImageUrl }');
    expect(missing.body.errors[0]).to.deep.include({ message: INVALID_ARGUMENTS });
  });
});
