import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { csrfToken, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { createPet } from '../../support/factories.js';
import { sweepMediaFileDeletions } from '../../../server/media/file-deletions.js';
import { mediaStoreFor } from '../../../server/media/store.js';
import { reserveUploadFolder } from '../../../server/media/queries.js';
import { CSRF_MISMATCH, MEDIA_CAPTION_TOO_LONG } from '../../../server/shared/messages.js';
import { expectStatus, filesUnder, mediaRows, mediaTestApp, petNumOf, testJpeg, upload, type MediaTestApp } from './helpers.js';

describe('gallery actions (issue 12)', () => {
  let t: MediaTestApp;
  let biscuit: number;
  let parent: Agent;
  let token: string;
  let photo: { public_id: string; phash: string };

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
  });

  beforeEach(async () => {
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null, privacy: db.raw('privacy') });
    await db('media').delete();
    await db('media_file_deletions').delete();
    t = await mediaTestApp();
    parent = await signInAsDemo(t.app, 'parent');
    token = await csrfToken(parent, '/members');
    photo = (await expectStatus(upload(parent, biscuit, await testJpeg({ width: 400, height: 200, seed: 21 }), 'p.jpg'), 201)).body;
  });

  afterEach(() => t.cleanUp());

  const withToken = (agent: Agent, path: string, csrf = token) => agent.get(path).set('x-csrf-token', csrf).set('accept', 'application/json');
  const rotatePath = (petNum: number | string = biscuit, publicId = photo.public_id) => `/members/pet-rotate/image/${petNum}?publicId=${encodeURIComponent(publicId)}&isAjax=true`;
  const deletePath = (petNum: number | string = biscuit, publicId = photo.public_id) => `/members/pet-delete/image/${petNum}?publicId=${encodeURIComponent(publicId)}&isAjax=true`;
  const profilePath = (action: string, publicId = photo.public_id, petNum: number | string = biscuit) => `/members/change-pet-profile-pic/${petNum}?action=${action}&publicId=${encodeURIComponent(publicId)}&isAjax=true`;
  const likePath = (action: string, publicId = photo.public_id, mediaType = 'image') => `/api/media-likes/${action}/${mediaType}?publicId=${encodeURIComponent(publicId)}`;

  it('shows the gallery with the upload form, the carousel marker and the photo on the profile results page', async () => {
    const page = await parent.get(`/members/results/profile?i=${biscuit}`).expect(200);
    expect(page.text).to.include('data-widget="gallery"');
    expect(page.text).to.include(`action="/members/pet/${biscuit}/media"`);
    expect(page.text).to.include(`/media/${photo.public_id}/thumb.avif`);
    expect(page.text).to.include('0 wags');
  });

  it('rotates a photo clockwise, rewriting its variants, and answers tag, carouselUrl and galleryUrl', async () => {
    const answer = await withToken(parent, rotatePath()).expect(200);
    expect(answer.body).to.include({ carouselUrl: `/media/${photo.public_id}/carousel.jpg?v=90`, galleryUrl: `/media/${photo.public_id}/thumb.jpg?v=90`, rotation: 90 });
    expect(answer.body.tag).to.equal(`<img src="/media/${photo.public_id}/carousel.jpg?v=90" alt="Photo of Biscuit">`);
    const carousel = await parent.get(`/media/${photo.public_id}/carousel.jpg`).expect(200);
    const meta = await sharp(carousel.body).metadata();
    expect([meta.width, meta.height]).to.deep.equal([200, 400]);
    expect((await mediaRows())[0].rotation).to.equal(90);
    for (let i = 0; i < 3; i++) await withToken(parent, rotatePath()).expect(200);
    expect((await mediaRows())[0].rotation).to.equal(0);
  });

  it('turns a photo rotated twenty times at once (a double click, many tabs) five full turns, each answered, none lost', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => withToken(parent, rotatePath())));
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(20).fill(200));
    expect(answers.map((answer) => answer.body.rotation).sort()).to.deep.equal([...Array(5).fill(0), ...Array(5).fill(180), ...Array(5).fill(270), ...Array(5).fill(90)].sort());
    expect((await mediaRows())[0].rotation).to.equal(0);
    // the files on disk are those of the rotation stored: upright again, 400 wide
    const meta = await sharp((await parent.get(`/media/${photo.public_id}/carousel.jpg`).expect(200)).body).metadata();
    expect([meta.width, meta.height]).to.deep.equal([400, 200]);
    expect(fs.readdirSync(path.join(t.mediaDir, photo.public_id)).filter((name) => name.endsWith('.tmp'))).to.deep.equal([]);
  });

  it('updates a caption (trimmed, escaped on output) and refuses 10,000 characters or a NUL byte', async () => {
    const post = (caption: string) => parent.post('/members/update-caption').set('accept', 'application/json').send({ caption, petNum: biscuit, publicId: photo.public_id, mediaType: 'image', _csrf: token });
    expect((await post('  <b>Good boy</b>  ').expect(200)).body).to.deep.equal({ publicId: photo.public_id, caption: '<b>Good boy</b>' });
    const page = await parent.get(`/members/results/profile?i=${biscuit}`).expect(200);
    expect(page.text).to.include('&lt;b&gt;Good boy&lt;/b&gt;');
    expect(page.text).to.not.include('<b>Good boy</b>');
    expect((await post('x'.repeat(10_000)).expect(400)).body.error).to.equal(MEDIA_CAPTION_TOO_LONG);
    await post('bad\u0000caption').expect(400);
    expect((await mediaRows())[0].caption).to.equal('<b>Good boy</b>');
    // A plain form post goes back to the gallery.
    const form = await parent.post('/members/update-caption').type('form').send({ caption: 'Sunny day', petNum: String(biscuit), publicId: photo.public_id, mediaType: 'image', _csrf: token }).expect(303);
    expect(form.headers.location).to.equal(`/members/results/profile?i=${biscuit}#gallery`);
  });

  it('sets and unsets the profile picture, which then shows for the dog', async () => {
    expect((await withToken(parent, profilePath('EDIT')).expect(200)).body).to.deep.equal({ profileImagePublicId: photo.public_id, profileImageUrl: `/media/${photo.public_id}/thumb.jpg` });
    const db = await testDb();
    expect((await db('pets').where({ pet_num: biscuit }).first('profile_image_public_id')).profile_image_public_id).to.equal(photo.public_id);
    const image = await request(t.app).get('/getpublicpetimg/biscuit').expect(200);
    expect(image.headers['content-type']).to.equal('image/jpeg');
    await withToken(parent, profilePath('DELETE')).expect(200);
    expect((await db('pets').where({ pet_num: biscuit }).first('profile_image_public_id')).profile_image_public_id).to.equal(null);
    await withToken(parent, profilePath('SIDEWAYS')).expect(400);
  });

  it('deletes a photo, its wags and its files, and unsets it as profile picture', async () => {
    await withToken(parent, profilePath('EDIT')).expect(200);
    await withToken(parent, likePath('add')).expect(200);
    expect(filesUnder(t.mediaDir)).to.have.length(10); // the master and nine variants, the round dog face among them
    expect((await withToken(parent, deletePath()).expect(200)).body).to.deep.equal({ deleted: true, publicId: photo.public_id });
    const db = await testDb();
    expect(await mediaRows()).to.deep.equal([]);
    expect(await db('media_likes').select()).to.deep.equal([]);
    expect(await db('media_file_deletions').select()).to.deep.equal([]);
    expect(filesUnder(t.mediaDir)).to.deep.equal([]);
    expect((await db('pets').where({ pet_num: biscuit }).first('profile_image_public_id')).profile_image_public_id).to.equal(null);
    await withToken(parent, deletePath()).expect(404);
  });

  it('removes every file of a deleted dog', async () => {
    const db = await testDb();
    const maple = await petNumOf('maple');
    await expectStatus(upload(parent, maple, await testJpeg({ seed: 30 }), 'm.jpg'), 201);
    const { pet_uuid: petUuid } = await db('pets').where({ pet_num: maple }).first({ pet_uuid: 'id' });
    const deleted = await parent.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json').send({ query: 'mutation($id: ID!) { deletePet(petUuid: $id) }', variables: { id: petUuid } }).expect(200);
    expect(deleted.body.errors).to.equal(undefined);
    expect((await mediaRows()).map((row) => row.pet_num)).to.deep.equal([biscuit]);
    expect(filesUnder(t.mediaDir).every((file) => file.startsWith(photo.public_id))).to.equal(true);
    // A failed removal stays queued and a later sweep finishes it.
    await db('media_file_deletions').insert({ public_id: photo.public_id });
    expect(await sweepMediaFileDeletions(db, mediaStoreFor({ kind: 'local', dir: t.mediaDir }))).to.equal(1);
    expect(filesUnder(t.mediaDir)).to.deep.equal([]);
  });

  it('sweeps the files of an upload killed before its row was written, once its hour is up, and never a finished upload\u2019s', async () => {
    const db = await testDb();
    const store = mediaStoreFor({ kind: 'local', dir: t.mediaDir });
    // the finished upload of beforeEach left nothing on the list
    expect(await db('media_file_deletions').pluck('public_id')).to.deep.equal([]);
    // what an upload does before its row, then a kill -9
    const orphan = 'ui/00000000000000000001';
    await reserveUploadFolder(db, orphan);
    await store.put(`${orphan}/master.jpg`, Buffer.from('half an upload'), 'image/jpeg');
    expect(await sweepMediaFileDeletions(db, store), 'an upload in progress keeps its files').to.equal(0);
    expect(filesUnder(t.mediaDir).some((file) => file.startsWith(orphan))).to.equal(true);
    // the hour passes
    await db('media_file_deletions').where({ public_id: orphan }).update({ due_at: db.fn.now() });
    expect(await sweepMediaFileDeletions(db, store)).to.equal(1);
    expect(filesUnder(t.mediaDir).every((file) => file.startsWith(photo.public_id))).to.equal(true);
    expect(filesUnder(t.mediaDir)).to.not.deep.equal([]);
  });

  describe('wags', () => {
    it('adds one wag per user and item and deletes it; the public profile counts them', async () => {
      const newbie = await signInAsDemo(t.app, 'newbie');
      const newbieToken = await csrfToken(newbie, '/members');
      expect((await withToken(newbie, likePath('add'), newbieToken).expect(200)).text).to.equal('added');
      expect((await withToken(newbie, likePath('add'), newbieToken).expect(200)).text).to.equal('added');
      expect((await withToken(parent, likePath('add')).expect(200)).text).to.equal('added');
      const db = await testDb();
      expect(await db('media_likes').count('* as n').first()).to.deep.equal({ n: 2 });
      expect((await request(t.app).get('/api/total-number-of-likes/biscuit').expect(200)).body).to.deep.equal({ totalNumberOfLikes: 2 });
      const page = await newbie.get(`/members/results/profile?i=${biscuit}`);
      expect(page.status).to.equal(404); // not newbie's dog
      const publicPage = await newbie.get('/dog/biscuit').expect(200);
      expect(publicPage.text).to.include('&#34;likes&#34;:2,&#34;likedByUser&#34;:true');
      expect((await withToken(newbie, likePath('delete'), newbieToken).expect(200)).text).to.equal('deleted');
      expect(await db('media_likes').count('* as n').first()).to.deep.equal({ n: 1 });
    });

    it('refuses wags without the CSRF header, signed out, on a wrong type, on documents and on dogs one may not see', async () => {
      await parent.get(likePath('add')).set('accept', 'application/json').expect(403);
      await request(t.app).get(likePath('add')).expect(401);
      await withToken(parent, likePath('add', photo.public_id, 'video')).expect(404);
      await withToken(parent, likePath('add', 'ui/00000000000000000000')).expect(404);
      await withToken(parent, likePath('add', '../etc/passwd')).expect(404);
      await withToken(parent, likePath('add', photo.public_id, 'audio')).expect(400);
      const db = await testDb();
      await db('pets').where({ pet_num: biscuit }).update({ privacy: 'private' });
      try {
        const newbie = await signInAsDemo(t.app, 'newbie');
        await withToken(newbie, likePath('add'), await csrfToken(newbie, '/members')).expect(404);
        await newbie.get(`/media/${photo.public_id}/thumb.jpg`).expect(404);
        await request(t.app).get('/dog/biscuit').expect(404);
      } finally {
        await db('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
      }
      expect(await db('media_likes').select()).to.deep.equal([]);
    });
  });

  describe('who may change the gallery', () => {
    it('refuses every state-changing GET without the x-csrf-token header, and the caption without _csrf', async () => {
      for (const path of [rotatePath(), deletePath(), profilePath('EDIT')]) {
        const refused = await parent.get(path).set('accept', 'application/json').expect(403);
        expect(refused.body.error).to.equal(CSRF_MISMATCH);
        await parent.get(path).set('x-csrf-token', 'forged.token').set('accept', 'application/json').expect(403);
      }
      await parent.post('/members/update-caption').set('accept', 'application/json').send({ caption: 'x', petNum: biscuit, publicId: photo.public_id, mediaType: 'image' }).expect(403);
      const [row] = await mediaRows();
      expect(row).to.include({ rotation: 0, caption: null });
    });

    it('refuses strangers, vets, admins, read-only co-owners and read-only impersonation; nothing changes', async () => {
      const db = await testDb();
      const attempts = async (agent: Agent, csrf: string) => [
        (await withToken(agent, rotatePath(), csrf)).status,
        (await withToken(agent, deletePath(), csrf)).status,
        (await withToken(agent, profilePath('EDIT'), csrf)).status,
        (await agent.post('/members/update-caption').set('accept', 'application/json').send({ caption: 'mine', petNum: biscuit, publicId: photo.public_id, mediaType: 'image', _csrf: csrf })).status,
      ];
      const newbie = await signInAsDemo(t.app, 'newbie');
      expect(await attempts(newbie, await csrfToken(newbie, '/members'))).to.deep.equal([404, 404, 404, 404]);
      for (const who of ['vet', 'admin'] as const) {
        const agent = await signInAsDemo(t.app, who);
        expect(await attempts(agent, await csrfToken(agent, '/members')), who).to.deep.equal([403, 403, 403, 403]);
      }
      const newbieId = (await db('users').where({ email: 'newbie@demo.test' }).first('id')).id;
      await db('pet_owners').insert({ pet_num: biscuit, user_id: newbieId, permission: 'read', is_primary: false });
      try {
        expect(await attempts(newbie, await csrfToken(newbie, '/members'))).to.deep.equal([403, 403, 403, 403]);
      } finally {
        await db('pet_owners').where({ pet_num: biscuit, user_id: newbieId }).delete();
      }
      const subadmin = await signInAsDemo(t.app, 'subadmin');
      await subadmin.post('/cs/impersonate').type('form').send({ email: 'parent@demo.test', _csrf: await csrfToken(subadmin, '/cs/impersonate') }).expect(302);
      expect(await attempts(subadmin, await csrfToken(subadmin, '/members'))).to.deep.equal([403, 403, 403, 403]);

      const [row] = await mediaRows();
      expect(row).to.include({ rotation: 0, caption: null });
      expect((await db('pets').where({ pet_num: biscuit }).first('profile_image_public_id')).profile_image_public_id).to.equal(null);
      expect(filesUnder(t.mediaDir)).to.have.length(10);
    });

    it("refuses another user's publicId and petNum for every action, the caption too; nothing changes", async () => {
      const breeder = await signInAsDemo(t.app, 'breeder');
      const aurora = await petNumOf('sunny-meadow-aurora');
      const theirs = (await expectStatus(upload(breeder, aurora, await testJpeg({ seed: 55 }), 'a.jpg'), 201)).body;
      const caption = (petNum: number) => parent.post('/members/update-caption').set('accept', 'application/json').send({ caption: 'mine now', petNum, publicId: theirs.public_id, mediaType: 'image', _csrf: token });
      for (const petNum of [biscuit, aurora]) {
        await withToken(parent, rotatePath(petNum, theirs.public_id)).expect(404);
        await withToken(parent, deletePath(petNum, theirs.public_id)).expect(404);
        await withToken(parent, profilePath('EDIT', theirs.public_id, petNum)).expect(404);
        await caption(petNum).expect(404);
      }
      // Nor may the breeder touch the parent's photo through their own dog.
      const breederToken = await csrfToken(breeder, '/members');
      await withToken(breeder, rotatePath(aurora), breederToken).expect(404);
      await withToken(breeder, deletePath(aurora), breederToken).expect(404);
      const rows = await mediaRows();
      expect(rows.map((row) => [row.public_id, row.rotation, row.caption])).to.deep.equal([
        [photo.public_id, 0, null],
        [theirs.public_id, 0, null],
      ]);
      const db = await testDb();
      expect((await db('pets').whereIn('pet_num', [biscuit, aurora]).pluck('profile_image_public_id')).filter(Boolean)).to.deep.equal([]);
    });

    it('refuses another dog\'s publicId or petNum, and bad ids, with 404 or 400', async () => {
      const db = await testDb();
      const parentId = (await db('users').where({ email: 'parent@demo.test' }).first('id')).id;
      const maple = await createPet(db, parentId, { name: 'Other' });
      const mapleToken = token;
      const maplePhoto = (await expectStatus(upload(parent, maple, await testJpeg({ seed: 40 }), 'm.jpg'), 201)).body;
      // Biscuit's number with Maple's photo: not Biscuit's.
      await withToken(parent, rotatePath(biscuit, maplePhoto.public_id), mapleToken).expect(404);
      await withToken(parent, deletePath(biscuit, maplePhoto.public_id), mapleToken).expect(404);
      await withToken(parent, profilePath('EDIT', maplePhoto.public_id, biscuit), mapleToken).expect(404);
      for (const bad of ['abc', '0', '-1', '2147483648', '99999999']) await withToken(parent, rotatePath(bad)).expect(404);
      for (const bad of ['', 'ui/', 'ui/zz', 'ud-00000000000000000000']) await withToken(parent, rotatePath(biscuit, bad)).expect(404);
      await withToken(parent, `/members/pet-rotate/video/${biscuit}?publicId=${encodeURIComponent(photo.public_id)}`).expect(404);
      await withToken(parent, `/members/pet-rotate/nonsense/${biscuit}?publicId=${encodeURIComponent(photo.public_id)}`).expect(400);
      expect((await mediaRows()).map((row) => row.rotation)).to.deep.equal([0, 0]);
    });
  });
});
