import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { resetToDemoData } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { addDemoPictures, coatTint, demoDogJpeg } from '../../../server/media/demo-pictures.js';
import { mediaStoreFor } from '../../../server/media/store.js';
import { filesUnder, mediaTestApp, type MediaTestApp } from './helpers.js';

describe('demo dog pictures (issue 12 §7)', () => {
  let t: MediaTestApp;

  beforeEach(async () => {
    await resetToDemoData();
    t = await mediaTestApp();
  });

  afterEach(() => t.cleanUp());

  it('tints the drawn dog with the predicted coat colour', async () => {
    expect(coatTint('Liver and tan')).to.include({ coat: '#6e4128', points: '#c98a4b' });
    expect(coatTint('Red/yellow')).to.include({ coat: '#d9a25a' });
    expect(coatTint('Black brindle')).to.include({ coat: '#2b2522', brindle: true });
    const jpeg = await demoDogJpeg('Red/yellow', 0);
    expect((await sharp(jpeg).metadata()).format).to.equal('jpeg');
  });

  it('gives each demo account dog a stored profile picture once, shown at /getpublicpetimg', async () => {
    const db = await testDb();
    const store = mediaStoreFor({ kind: 'local', dir: t.mediaDir });
    const made = await addDemoPictures(db, store);
    expect(made).to.be.greaterThan(2);
    const biscuit = await db('pets').where({ handle: 'biscuit' }).first('profile_image_public_id');
    expect(biscuit.profile_image_public_id).to.match(/^ui\/[0-9a-f]{20}$/);
    expect(await db('media').count('* as n').first()).to.deep.equal({ n: made });
    expect(filesUnder(t.mediaDir)).to.have.length(made * 10); // a master and nine variants each
    expect(await addDemoPictures(db, store)).to.equal(0);
    const image = await request(t.app).get('/getpublicpetimg/biscuit').expect(200);
    expect(image.headers['content-type']).to.equal('image/jpeg');
    const members = await db('pets').whereNull('profile_image_public_id').whereIn('handle', ['biscuit', 'maple']).select('handle');
    expect(members).to.deep.equal([]);
  });
});
