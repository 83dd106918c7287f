// The S3 media store against a live S3-compatible server (issue 12 §3): the app is configured by the
// MEDIA_S3_* settings and every file goes through @aws-sdk/client-s3 to the bucket, never to DATA_DIR.
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, testApp, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { S3_TEST_ACCESS_KEY, startS3Server, type TestS3Server } from '../../support/s3-server.js';
import { mediaSettingsFromEnv } from '../../../server/media/settings.js';
import { expectStatus, mediaRows, petNumOf, testJpeg, upload } from './helpers.js';

const PREFIX = 'media/';
const IMAGE_FILES = ['carousel.avif', 'carousel.jpg', 'carousel.webp', 'full.jpg', 'master.jpg', 'round.png', 'round.webp', 'thumb.avif', 'thumb.jpg', 'thumb.webp'];

describe('media in an S3-compatible bucket (issue 12)', function () {
  this.timeout(60_000);
  let s3: TestS3Server;
  let app: Express;
  let parent: Agent;
  let token: string;
  let biscuit: number;

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
    s3 = await startS3Server();
    const media = mediaSettingsFromEnv(
      {
        MEDIA_S3_BUCKET: s3.bucket,
        MEDIA_S3_ENDPOINT: s3.endpoint,
        MEDIA_S3_PREFIX: PREFIX,
        MEDIA_S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY,
        MEDIA_S3_SECRET_ACCESS_KEY: S3_TEST_ACCESS_KEY,
      },
      '/nonexistent-data-dir',
    );
    expect(media).to.include({ kind: 's3', forcePathStyle: true, prefix: PREFIX });
    app = await testApp({ media });
  });

  after(async () => {
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null });
    await db('media').delete();
    await db('media_file_deletions').delete();
    await s3?.close();
  });

  beforeEach(async () => {
    parent = await signInAsDemo(app, 'parent');
    token = await csrfToken(parent, '/members');
  });

  const withToken = (path: string) => parent.get(path).set('x-csrf-token', token).set('accept', 'application/json');

  it('uploads a photo into the bucket, serves its variants, rotates it and deletes every key', async () => {
    const photo = await testJpeg({ width: 400, height: 200, seed: 41 });
    const { public_id: id } = (await expectStatus(upload(parent, biscuit, photo, 'dog.jpg'), 201)).body;
    expect(await s3.keys()).to.deep.equal(IMAGE_FILES.map((file) => `${PREFIX}${id}/${file}`));

    const carousel = await parent.get(`/media/${id}/carousel.jpg`).expect(200).expect('content-type', 'image/jpeg');
    const meta = await sharp(carousel.body).metadata();
    expect([meta.width, meta.height]).to.deep.equal([400, 200]);
    expect(Number(carousel.headers['content-length'])).to.equal(carousel.body.length);
    const webp = await parent.get(`/media/${id}/thumb.webp`).expect(200).expect('content-type', 'image/webp');
    expect((await sharp(webp.body).metadata()).format).to.equal('webp');
    // Revalidation: the bucket's ETag comes back as a 304.
    await parent.get(`/media/${id}/carousel.jpg`).set('if-none-match', carousel.headers.etag).expect(304);
    await parent.get(`/media/${id}/master.jpg`).expect(404);

    // Turning reads the master from the bucket and writes the variants again under the same keys.
    await withToken(`/members/pet-rotate/image/${biscuit}?publicId=${encodeURIComponent(id)}&isAjax=true`).expect(200);
    const turned = await parent.get(`/media/${id}/carousel.jpg`).expect(200);
    const turnedMeta = await sharp(turned.body).metadata();
    expect([turnedMeta.width, turnedMeta.height]).to.deep.equal([200, 400]);
    expect(turned.headers.etag).to.not.equal(carousel.headers.etag);
    expect(await s3.keys()).to.have.length(IMAGE_FILES.length);

    expect((await withToken(`/members/pet-delete/image/${biscuit}?publicId=${encodeURIComponent(id)}&isAjax=true`).expect(200)).body).to.deep.equal({ deleted: true, publicId: id });
    expect(await s3.keys()).to.deep.equal([]);
    expect(await mediaRows()).to.deep.equal([]);
    expect(await (await testDb())('media_file_deletions').select()).to.deep.equal([]);
    await parent.get(`/media/${id}/carousel.jpg`).expect(404);
  });

  it('streams a video from the bucket, whole and by byte ranges', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(4096, 7)]);
    const { public_id: id } = (await expectStatus(upload(parent, biscuit, mp4, 'walk.mp4', { mediaType: 'video' }), 201)).body;
    expect(await s3.keys()).to.deep.equal([`${PREFIX}${id}/original.mp4`]);
    const whole = await parent.get(`/media/${id}/original.mp4`).expect(200).expect('content-type', 'video/mp4');
    expect(Buffer.compare(whole.body, mp4)).to.equal(0);
    expect(whole.headers['accept-ranges']).to.equal('bytes');
    const part = await parent.get(`/media/${id}/original.mp4`).set('range', 'bytes=4-11').expect(206);
    expect(part.body.toString('latin1')).to.equal('ftypmp42');
    expect(part.headers['content-range']).to.equal(`bytes 4-11/${mp4.length}`);
    expect(part.headers['content-length']).to.equal('8');
    const rest = await parent.get(`/media/${id}/original.mp4`).set('range', 'bytes=4000-').expect(206);
    expect(Buffer.compare(rest.body, mp4.subarray(4000))).to.equal(0);
    expect(rest.headers['content-range']).to.equal(`bytes 4000-${mp4.length - 1}/${mp4.length}`);
    // A suffix range (which s3rver, unlike S3, misreads) or several ranges get the whole file.
    const whole2 = await parent.get(`/media/${id}/original.mp4`).set('range', 'bytes=-10').expect(200);
    expect(whole2.body.length).to.equal(mp4.length);
    await parent.get(`/media/${id}/original.mp4`).set('range', `bytes=${mp4.length + 5}-`).expect(416);
    // Signed-out visitors follow Biscuit's public profile; a deleted video leaves nothing behind.
    await request(app).get(`/media/${id}/original.mp4`).expect(200);
    await withToken(`/members/pet-delete/video/${biscuit}?publicId=${encodeURIComponent(id)}&isAjax=true`).expect(200);
    expect(await s3.keys()).to.deep.equal([]);
  });
});

