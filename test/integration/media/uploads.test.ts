import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { csrfToken } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { DOG_NOT_FOUND, MEDIA_NOT_FOUND, NOT_AUTHORIZED, UPLOAD_FAILED } from '../../../server/shared/messages.js';
import { expectStatus, filesUnder, mediaRows, mediaTestApp, petNumOf, testJpeg, upload, withClaimedSize, type MediaTestApp } from './helpers.js';

describe('media uploads (issue 12)', () => {
  let t: MediaTestApp;
  let biscuit: number;

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
  });

  beforeEach(async () => {
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null });
    await db('media').delete();
    t = await mediaTestApp();
  });

  afterEach(() => t.cleanUp());

  it('stores an upright, metadata-free image with its variants, phash and ui/ publicId, and answers the spec result', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const photo = await testJpeg({ width: 400, height: 200, orientation: 6, gps: true });
    expect((await sharp(photo).metadata()).exif).to.be.an.instanceOf(Buffer);
    const response = await expectStatus(upload(parent, biscuit, photo, 'holiday.jpg', { mediaType: 'image' }), 201);
    expect(response.body.public_id).to.match(/^ui\/[0-9a-f]{20}$/);
    expect(response.body).to.include({ resource_type: 'image' });
    expect(response.body.phash).to.match(/^[0-9a-f]{16}$/);
    expect(response.body.redirect).to.equal(`/members/pet-upload-succeeded/image/${biscuit}?publicId=${encodeURIComponent(response.body.public_id)}&phash=${response.body.phash}&isGalleryUpload=true`);

    const [row] = await mediaRows();
    expect(row).to.include({ pet_num: biscuit, media_type: 'image', public_id: response.body.public_id, phash: response.body.phash, width: 200, height: 400, is_gallery: true });
    const files = filesUnder(t.mediaDir).sort();
    const id = response.body.public_id;
    expect(files).to.deep.equal([
      `${id}/carousel.avif`, `${id}/carousel.jpg`, `${id}/carousel.webp`, `${id}/full.jpg`, `${id}/master.jpg`, `${id}/round.png`, `${id}/round.webp`, `${id}/thumb.avif`, `${id}/thumb.jpg`, `${id}/thumb.webp`,
    ]);
    const full = await parent.get(`/media/${id}/full.jpg`).expect(200).expect('content-type', 'image/jpeg');
    const meta = await sharp(full.body).metadata();
    expect([meta.width, meta.height]).to.deep.equal([200, 400]); // EXIF orientation 6 applied
    expect(meta.exif).to.equal(undefined); // no GPS, no camera
    expect(meta.orientation).to.equal(undefined);
    const avif = await parent.get(`/media/${id}/thumb.avif`).expect(200).expect('content-type', 'image/avif');
    expect((await sharp(avif.body).metadata()).width).to.equal(320);
    await parent.get(`/media/${id}/master.jpg`).expect(404);
  });

  it('goes to the landing route after a form upload, which confirms and leads to the gallery', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const response = await expectStatus(upload(parent, biscuit, await testJpeg(), 'dog.jpg', { mediaType: 'image', isGalleryUpload: 'true' }, { asPage: true }), 303);
    expect(response.headers.location).to.match(new RegExp(`^/members/pet-upload-succeeded/image/${biscuit}\\?publicId=ui%2F[0-9a-f]{20}&phash=[0-9a-f]{16}&isGalleryUpload=true$`));
    const landing = await parent.get(response.headers.location).expect(200);
    expect(landing.text).to.include('Your photo of Biscuit is uploaded.');
    expect(landing.text).to.include(`href="/members/results/profile?i=${biscuit}#gallery"`);
  });

  it('sets the profile picture from a profile upload and lands on uploadedProfilePicture', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const response = await expectStatus(upload(parent, biscuit, await testJpeg({ seed: 3 }), 'me.jpg', { mediaType: 'image', isGalleryUpload: 'false', isProfilePicture: 'true' }, { asPage: true }), 303);
    expect(response.headers.location).to.match(new RegExp(`^/members/pet/about/uploadedProfilePicture/${biscuit}\\?publicId=ui%2F[0-9a-f]{20}&phash=[0-9a-f]{16}$`));
    const [row] = await mediaRows();
    expect(row.is_gallery).to.equal(false);
    const pet = await (await testDb())('pets').where({ pet_num: biscuit }).first('profile_image_public_id');
    expect(pet.profile_image_public_id).to.equal(row.public_id);
    const landing = await parent.get(response.headers.location).expect(200);
    expect(landing.text).to.include('This is now Biscuit’s profile picture.');
    const image = await request(t.app).get('/getpublicpetimg/biscuit').expect(200);
    expect(image.headers['content-type']).to.equal('image/jpeg');
  });

  it('stores a PDF as a document (never under ui/ or uv/) and lands on the document info form', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const response = await expectStatus(upload(parent, biscuit, pdf, 'hips.pdf', { mediaType: 'document' }, { asPage: true }), 303);
    expect(response.headers.location).to.match(new RegExp(`^/members/doc-upload-succeeded/${biscuit}/ud-[0-9a-f]{20}/raw$`));
    const [row] = await mediaRows();
    expect(row).to.include({ media_type: 'document', resource_type: 'raw', content_type: 'application/pdf', original_file_name: 'hips.pdf' });
    const form = await parent.get(response.headers.location).expect(200);
    expect(form.text).to.include('Document info');
    // Documents are never public, whatever the dog's privacy.
    await request(t.app).get(`/media/${row.public_id}/original.pdf`).expect(404);
    await parent.get(`/media/${row.public_id}/original.pdf`).expect(200).expect('content-type', 'application/pdf');
  });

  it('stores a video under uv/', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    // The start of an MP4: an ftyp box is what file-type (and browsers) recognise.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64)]);
    const response = await expectStatus(upload(parent, biscuit, mp4, 'walk.mp4', { mediaType: 'video' }), 201);
    expect(response.body).to.include({ resource_type: 'video', phash: null });
    expect(response.body.public_id).to.match(/^uv\//);
    expect(filesUnder(t.mediaDir)).to.deep.equal([`${response.body.public_id}/original.mp4`]);
    // Browsers seek in videos with byte ranges.
    const part = await parent.get(`/media/${response.body.public_id}/original.mp4`).set('range', 'bytes=4-11').expect(206);
    expect(part.headers['content-type']).to.equal('video/mp4');
    expect(Buffer.from(part.body).toString('latin1')).to.equal('ftypmp42');
    const whole = await parent.get(`/media/${response.body.public_id}/original.mp4`).expect(200);
    await parent.get(`/media/${response.body.public_id}/original.mp4`).set('if-none-match', whole.headers.etag).expect(304);
  });

  it('stores an .m4v (an MP4 under the M4V brand, as macOS Photos exports it) as an MP4', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const m4v = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4V '), Buffer.from([0, 0, 2, 0]), Buffer.from('M4V iso2avc1mp41'), Buffer.alloc(64)]);
    const response = await expectStatus(upload(parent, biscuit, m4v, 'IMG_0042.m4v', { mediaType: 'video' }), 201);
    expect(filesUnder(t.mediaDir)).to.deep.equal([`${response.body.public_id}/original.mp4`]);
    expect((await mediaRows())[0]).to.include({ media_type: 'video', content_type: 'video/mp4' });
    await parent.get(`/media/${response.body.public_id}/original.mp4`).expect(200).expect('content-type', 'video/mp4');
    expect((await parent.get(`/members/results/profile?i=${biscuit}`).expect(200)).text).to.include(`/media/${response.body.public_id}/original.mp4`);
  });

  describe('bad input: a clear error and nothing stored', () => {
    // the first box of an iPhone photo: enough for the type to be sniffed
    const heicHeader = () => {
      const box = Buffer.alloc(64);
      box.writeUInt32BE(24, 0);
      box.write('ftypheic', 4, 'latin1');
      box.write('mif1heic', 16, 'latin1');
      return box;
    };
    const cases: { name: string; file: () => Promise<Buffer | null>; fileName: string; mediaType?: string; isGalleryUpload?: string; status: number; reason: RegExp }[] = [
      { name: 'a text file named .jpg', file: async () => Buffer.from('just some text, not a picture\n'), fileName: 'photo.jpg', status: 415, reason: /not a JPEG, PNG, WebP, GIF, AVIF or TIFF image/ },
      { name: 'an iPhone HEIC photo, saying how to upload it', file: async () => heicHeader(), fileName: 'IMG_0001.HEIC', status: 415, reason: /^The file is a HEIC photo \(an iPhone’s format\), which browsers cannot show: upload it as a JPEG/ },
      { name: 'a truncated image', file: async () => (await testJpeg({ width: 800, height: 600 })).subarray(0, 4000), fileName: 'cut.jpg', status: 400, reason: /truncated|not an image/ },
      { name: 'an image of 30,000 × 30,000 pixels', file: async () => withClaimedSize(await testJpeg(), 30000, 30000), fileName: 'bomb.jpg', status: 400, reason: /too large: at most 50 megapixels/ },
      { name: 'a zero-byte file', file: async () => Buffer.alloc(0), fileName: 'empty.jpg', status: 400, reason: /empty/ },
      { name: 'an image over 20 MB', file: async () => Buffer.concat([await testJpeg(), Buffer.alloc(21 * 1024 * 1024)]), fileName: 'huge.jpg', status: 413, reason: /larger than 20 MB, the limit for images/ },
      { name: 'a JPEG sent as a document, saying it is a photo', file: async () => testJpeg(), fileName: 'x.pdf', mediaType: 'document', status: 415, reason: /^The file is a photo, not a PDF document: choose \u201ca photo\u201d under Add to upload it\.$/ },
      { name: 'a video sent as a photo from outside the gallery form, saying it is a video', file: async () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42'), Buffer.alloc(12)]), fileName: 'clip.mp4', isGalleryUpload: 'false', status: 415, reason: /^The file is a video, not a photo\.$/ },
      { name: 'a PDF sent as a photo from the gallery form, saying which Add to choose', file: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), fileName: 'hips.pdf', isGalleryUpload: 'true', status: 415, reason: /^The file is a PDF document, not a photo: choose \u201ca PDF document\u201d under Add to upload it\.$/ },
      { name: 'an unknown media type', file: async () => testJpeg(), fileName: 'x.jpg', mediaType: 'audio', status: 400, reason: /image, video or document/ },
      { name: 'no file', file: async () => null, fileName: '', status: 400, reason: /Choose a file/ },
    ];
    for (const c of cases) {
      it(`refuses ${c.name}`, async () => {
        const parent = await signInAsDemo(t.app, 'parent');
        const response = await expectStatus(upload(parent, biscuit, await c.file(), c.fileName, { mediaType: c.mediaType ?? 'image', isGalleryUpload: c.isGalleryUpload }), c.status);
        expect(response.body.error).to.equal(UPLOAD_FAILED);
        expect(response.body.reason).to.match(c.reason);
        expect(await mediaRows()).to.deep.equal([]);
        expect(filesUnder(t.mediaDir)).to.deep.equal([]);
      });
    }

    it('answers a body that is not the multipart it says (no boundary, an unreadable part header, cut short) with 400, not a server error', async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const token = await csrfToken(parent, `/members/results/profile?i=${biscuit}`);
      const boundary = 'qa-boundary';
      const part = (headers: string, body: Buffer | string) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
      const photo = await testJpeg();
      const mediaType = part('Content-Disposition: form-data; name="mediaType"', 'image');
      const bodies: [string, string, Buffer][] = [
        ['no boundary', 'multipart/form-data', Buffer.concat([mediaType, Buffer.from(`--${boundary}--\r\n`)])],
        ['a NUL in the file name', `multipart/form-data; boundary=${boundary}`, Buffer.concat([mediaType, part('Content-Disposition: form-data; name="file"; filename="a\u0000.jpg"', photo), Buffer.from(`--${boundary}--\r\n`)])],
        ['cut short', `multipart/form-data; boundary=${boundary}`, Buffer.concat([mediaType, Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n`), photo.subarray(0, 100)])],
      ];
      for (const [name, type, body] of bodies) {
        const response = await parent.post(`/members/pet/${biscuit}/media`).set('x-csrf-token', token).set('accept', 'application/json').set('content-type', type).send(body);
        expect(response.status, name).to.equal(400);
        expect(response.body, name).to.deep.equal({ error: UPLOAD_FAILED, reason: 'The upload could not be read.' });
      }
      expect(await mediaRows()).to.deep.equal([]);
      expect(filesUnder(t.mediaDir)).to.deep.equal([]);
    });

    it('answers a form upload with the failure page', async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const page = await expectStatus(upload(parent, biscuit, Buffer.from('hello'), 'a.jpg', { mediaType: 'image' }, { asPage: true }), 415);
      expect(page.text).to.include(UPLOAD_FAILED);
    });

    it('refuses the same picture (same perceptual hash) twice for the same dog, but not for another dog', async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const photo = await testJpeg({ seed: 5 });
      await expectStatus(upload(parent, biscuit, photo, 'a.jpg'), 201);
      const again = await expectStatus(upload(parent, biscuit, photo, 'b.jpg'), 409);
      expect(again.body.reason).to.equal('This picture is already in Biscuit’s gallery.');
      await expectStatus(upload(parent, await petNumOf('maple'), photo, 'a.jpg'), 201);
      expect(await mediaRows()).to.have.length(2);
    });

    it('refuses an upload without the CSRF token', async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      await expectStatus(upload(parent, biscuit, await testJpeg(), 'a.jpg', { mediaType: 'image' }, { token: 'forged.token' }), 403);
      expect(await mediaRows()).to.deep.equal([]);
    });
  });

  describe('who may upload', () => {
    it('refuses signed-out visitors, strangers, vets, admins and read-only impersonation; stores nothing', async () => {
      const photo = await testJpeg({ seed: 9 });
      const anonymous = request.agent(t.app);
      await anonymous.post(`/members/pet/${biscuit}/media`).set('accept', 'application/json').attach('file', photo, 'a.jpg').expect(401);

      const newbie = await signInAsDemo(t.app, 'newbie');
      await expectStatus(upload(newbie, biscuit, photo, 'a.jpg'), 404);
      await expectStatus(upload(newbie, 99999999, photo, 'a.jpg'), 404);
      await expectStatus(upload(newbie, 'abc', photo, 'a.jpg'), 404);

      const vet = await signInAsDemo(t.app, 'vet');
      const byVet = await expectStatus(upload(vet, biscuit, photo, 'a.jpg'), 403);
      expect(byVet.body.redirect).to.equal('/members/forbidden/shared-pet-operation-no-permission');
      const admin = await signInAsDemo(t.app, 'admin');
      await expectStatus(upload(admin, biscuit, photo, 'a.jpg'), 403);

      const subadmin = await signInAsDemo(t.app, 'subadmin');
      await subadmin.post('/cs/impersonate').type('form').send({ email: 'parent@demo.test', _csrf: await csrfToken(subadmin, '/cs/impersonate') }).expect(302);
      const readOnly = await expectStatus(upload(subadmin, biscuit, photo, 'a.jpg'), 403);
      expect(readOnly.body.redirect).to.equal('/members/forbidden/read-only-account');
      const asPage = await expectStatus(upload(subadmin, biscuit, photo, 'a.jpg', { mediaType: 'image' }, { asPage: true }), 303);
      expect(asPage.headers.location).to.equal('/members/forbidden/read-only-account');

      expect(await mediaRows()).to.deep.equal([]);
      expect(filesUnder(t.mediaDir)).to.deep.equal([]);
    });

    it('lets a co-owner with read permission read the landing page but not upload', async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const uploaded = await expectStatus(upload(parent, biscuit, await testJpeg({ seed: 11 }), 'a.jpg'), 201);
      const db = await testDb();
      const newbieId = (await db('users').where({ email: 'newbie@demo.test' }).first('id')).id;
      await db('pet_owners').insert({ pet_num: biscuit, user_id: newbieId, permission: 'read', is_primary: false });
      try {
        const newbie = await signInAsDemo(t.app, 'newbie');
        await expectStatus(upload(newbie, biscuit, await testJpeg({ seed: 12 }), 'b.jpg'), 403);
        await newbie.get(uploaded.body.redirect).expect(200);
      } finally {
        await db('pet_owners').where({ pet_num: biscuit, user_id: newbieId }).delete();
      }
      expect(await mediaRows()).to.have.length(1);
    });

    it('does not show a landing page for another dog\'s media or to strangers', async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const uploaded = await expectStatus(upload(parent, biscuit, await testJpeg({ seed: 13 }), 'a.jpg'), 201);
      const maple = await petNumOf('maple');
      // not found, not 'Not Authorized' (issue 36 §24): the media is not this dog's; the dog is not the stranger's to see
      expect((await parent.get(`/members/pet-upload-succeeded/image/${maple}?publicId=${encodeURIComponent(uploaded.body.public_id)}`).expect(404)).text).to.include(MEDIA_NOT_FOUND);
      expect((await parent.get(`/members/pet-upload-succeeded/image/${biscuit}?publicId=nothing-here`).expect(404)).text).to.include(MEDIA_NOT_FOUND);
      const newbie = await signInAsDemo(t.app, 'newbie');
      expect((await newbie.get(uploaded.body.redirect).expect(404)).text).to.include(DOG_NOT_FOUND).and.not.include(NOT_AUTHORIZED);
    });
  });
});
