// QA: a refused profile-picture upload from the about page's form used to land on the gallery's failure
// page. It goes back to the about page, which shows the reason beside the profile picture, once.
import { expect } from 'chai';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { UPLOAD_FAILED } from '../../../server/shared/messages.js';
import { mainText } from '../results/population.js';
import { expectStatus, filesUnder, mediaRows, mediaTestApp, petNumOf, testJpeg, upload, type MediaTestApp } from './helpers.js';

const PROFILE_PICTURE = { mediaType: 'image', isGalleryUpload: 'false', isProfilePicture: 'true' };

/** The profile picture card of the about page, as text. */
function pictureCard(html: string): string {
  const card = html.split('id="profile-picture"')[1]?.split('</section>')[0] ?? '';
  return mainText(`<main id="main" class="page"><section ${card}</section></main>`);
}

describe('a refused profile picture upload', () => {
  let t: MediaTestApp;
  let biscuit: number;
  const heic = () => {
    const box = Buffer.alloc(64);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic', 4, 'latin1');
    box.write('mif1heic', 16, 'latin1');
    return box;
  };

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

  const cases = [
    { name: 'a file that is not a picture', file: async () => Buffer.from('just some text\n'), fileName: 'me.jpg', reason: 'The file is not a JPEG, PNG, WebP, GIF, AVIF or TIFF image.' },
    { name: 'an iPhone HEIC photo', file: async () => heic(), fileName: 'IMG_0001.HEIC', reason: 'The file is a HEIC photo (an iPhone’s format)' },
    { name: 'a photo over 20 MB', file: async () => Buffer.concat([await testJpeg(), Buffer.alloc(21 * 1024 * 1024)]), fileName: 'huge.jpg', reason: 'The file is larger than 20 MB' },
    { name: 'no file at all', file: async () => null, fileName: '', reason: 'Choose a file to upload.' },
  ];
  for (const c of cases) {
    it(`goes back to the about page with the reason beside the picture: ${c.name}`, async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const response = await expectStatus(upload(parent, biscuit, await c.file(), c.fileName, PROFILE_PICTURE, { asPage: true }), 303);
      expect(response.headers.location).to.equal(`/members/pet/about/${biscuit}#profile-picture`);
      const about = await parent.get(`/members/pet/about/${biscuit}`).expect(200);
      const card = pictureCard(about.text);
      expect(card).to.include(UPLOAD_FAILED).and.include(c.reason);
      expect(about.text).to.match(/id="profile-picture-file"[^>]*aria-invalid="true" aria-describedby="profile-picture-error"/);
      expect(about.text).to.not.include('Back to the gallery');
      expect(await mediaRows()).to.deep.equal([]);
      expect(filesUnder(t.mediaDir)).to.deep.equal([]);
      // Shown once: a reload shows the page as it was.
      const again = await parent.get(`/members/pet/about/${biscuit}`).expect(200);
      expect(again.text).to.not.include(UPLOAD_FAILED).and.not.include('data-profile-picture-error');
    });
  }

  it("shows the reason only on the about page of the dog it was refused for", async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    await expectStatus(upload(parent, biscuit, Buffer.from('text'), 'me.jpg', PROFILE_PICTURE, { asPage: true }), 303);
    const maple = await parent.get(`/members/pet/about/${await petNumOf('maple')}`).expect(200);
    expect(maple.text).to.not.include(UPLOAD_FAILED);
    expect((await parent.get(`/members/pet/about/${biscuit}`).expect(200)).text).to.include(UPLOAD_FAILED);
  });

  it('still answers a script with the JSON refusal, and a gallery form upload with the failure page', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const json = await expectStatus(upload(parent, biscuit, Buffer.from('text'), 'me.jpg', PROFILE_PICTURE), 415);
    expect(json.body).to.deep.equal({ error: UPLOAD_FAILED, reason: 'The file is not a JPEG, PNG, WebP, GIF, AVIF or TIFF image.' });
    const gallery = await expectStatus(upload(parent, biscuit, Buffer.from('text'), 'me.jpg', { mediaType: 'image', isGalleryUpload: 'true' }, { asPage: true }), 415);
    expect(gallery.text).to.include(UPLOAD_FAILED).and.include('Back to the gallery');
    expect((await parent.get(`/members/pet/about/${biscuit}`).expect(200)).text).to.not.include(UPLOAD_FAILED);
  });
});
