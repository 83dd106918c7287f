import { expect } from 'chai';
import request from 'supertest';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { expectStatus, mediaTestApp, petNumOf, upload, type MediaTestApp } from './helpers.js';

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** The boxes of an iPhone MOV that matter here: where it was filmed in moov/udta (©xyz) and moov/meta (keys, ilst), and in a track's udta. */
function iphoneMov(): Buffer {
  const place = Buffer.from('+37.7749-122.4194+012.000/');
  const keys = box('keys', Buffer.alloc(8), Buffer.from('com.apple.quicktime.location.ISO6709'));
  const trak = box('trak', box('tkhd', Buffer.alloc(84)), box('udta', box('\u00a9xyz', place)));
  return Buffer.concat([
    box('ftyp', Buffer.from('qt  \0\0\0\0qt  ')),
    box('wide'),
    box('mdat', Buffer.from('frames of the walk in the park')),
    box('moov', box('mvhd', Buffer.alloc(100)), trak, box('udta', box('\u00a9xyz', place), box('\u00a9mak', Buffer.from('Apple'))), box('meta', Buffer.alloc(4), keys, box('ilst', place))),
  ]);
}

describe('videos keep no place or camera (privacy, like photos)', () => {
  let t: MediaTestApp;
  let biscuit: number;

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
  });

  beforeEach(async () => {
    await (await testDb())('media').delete();
    t = await mediaTestApp();
  });

  afterEach(() => t.cleanUp());

  for (const [name, file] of [['IMG_0042.MOV', iphoneMov()], ['walk.mp4', Buffer.concat([box('ftyp', Buffer.from('mp42\0\0\0\0mp42isom')), iphoneMov().subarray(20)])]] as const) {
    it(`serves ${name} without its place and camera (its metadata boxes turned to padding), the rest as uploaded`, async () => {
      const parent = await signInAsDemo(t.app, 'parent');
      const { body } = await expectStatus(upload(parent, biscuit, file, name, { mediaType: 'video' }), 201);
      const extension = name.endsWith('MOV') ? 'mov' : 'mp4';
      // Biscuit's profile is public: anyone may fetch the video
      const served = (await request(t.app).get(`/media/${body.public_id}/original.${extension}`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200)).body as Buffer;
      expect(served.length).to.equal(file.length);
      expect(served.toString('latin1')).not.to.include('+37.7749').and.not.include('com.apple.quicktime.location').and.not.include('udta').and.not.include('meta');
      expect(served.toString('latin1')).to.include('frames of the walk in the park').and.include('moov').and.include('mvhd').and.include('tkhd');
      // the boxes before and after are untouched; three boxes (the movie's udta and meta, the track's udta) became free
      const moov = file.indexOf('moov') - 4;
      expect(served.subarray(0, moov + 8 + 108 + 8)).to.deep.equal(file.subarray(0, moov + 8 + 108 + 8));
      expect(served.toString('latin1').split('free').length - 1).to.equal(3);
    });
  }
});
