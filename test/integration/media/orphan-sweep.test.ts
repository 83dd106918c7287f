// Issue 30 §7: files a killed upload or an interrupted write left behind, with no media row, are
// removed once they are older than the grace period; what a row owns, and anything younger, stays.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { resetToDemoData } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { S3_TEST_ACCESS_KEY, startS3Server } from '../../support/s3-server.js';
import { LocalMediaStore, S3MediaStore, publicIdOfKey } from '../../../server/media/store.js';
import { ORPHAN_GRACE_MS, sweepOrphanMedia } from '../../../server/media/orphan-sweep.js';
import { mediaSettingsFromEnv } from '../../../server/media/settings.js';
import { filesUnder, petNumOf } from './helpers.js';

const NOW = new Date('2026-11-29T12:00:00Z');
const LONG_AGO = new Date(NOW.getTime() - ORPHAN_GRACE_MS - 60_000);
const JUST_NOW = new Date(NOW.getTime() - 60_000);

describe('media files no row owns (issue 30 §7)', function () {
  this.timeout(60_000);
  let biscuit: number;

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
  });

  afterEach(async () => {
    await (await testDb())('media').where({ public_id: 'ui/kept' }).delete();
  });

  const ownedRow = async () =>
    (await testDb())('media').insert({ public_id: 'ui/kept', pet_num: biscuit, media_type: 'image', resource_type: 'image', content_type: 'image/jpeg', bytes: 1, width: 1, height: 1 });

  it('names the media item of a stored key', () => {
    expect(['ui/abc/thumb.jpg', 'uv/abc/original.mp4', 'ud-abc/original.pdf', 'ui/abc', 'stray.txt'].map(publicIdOfKey)).to.deep.equal(['ui/abc', 'uv/abc', 'ud-abc', null, null]);
  });

  it('removes old local files no row owns and old temporary files, keeping owned and young ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dogdna-orphans-'));
    try {
      const write = (key: string, time: Date) => {
        const file = path.join(dir, key);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'x');
        fs.utimesSync(file, time, time);
      };
      write('ui/kept/thumb.jpg', LONG_AGO);
      write('ui/killed/master.jpg', LONG_AGO);
      write('uv/killed-video/original.mp4', LONG_AGO);
      write('ud-killed-doc/original.pdf', LONG_AGO);
      write('ui/uploading/master.jpg', JUST_NOW);
      write('ui/kept/carousel.jpg.0b8e3c1e-5a3e-4d0e-9a51-2f1c1c6f7a10.tmp', LONG_AGO);
      write('ui/kept/thumb.webp.1b8e3c1e-5a3e-4d0e-9a51-2f1c1c6f7a10.tmp', JUST_NOW);
      await ownedRow();

      const swept = await sweepOrphanMedia(await testDb(), new LocalMediaStore(dir), NOW);
      expect(swept).to.deep.equal({ items: 3, temporaries: 1 });
      expect(filesUnder(dir).sort()).to.deep.equal([
        'ui/kept/thumb.jpg',
        'ui/kept/thumb.webp.1b8e3c1e-5a3e-4d0e-9a51-2f1c1c6f7a10.tmp',
        'ui/uploading/master.jpg',
      ]);
      // again: nothing more to do
      expect(await sweepOrphanMedia(await testDb(), new LocalMediaStore(dir), NOW)).to.deep.equal({ items: 0, temporaries: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes the objects of a bucket that no row owns once they are older than the grace period', async () => {
    const s3 = await startS3Server();
    try {
      const media = mediaSettingsFromEnv({ MEDIA_S3_BUCKET: s3.bucket, MEDIA_S3_ENDPOINT: s3.endpoint, MEDIA_S3_PREFIX: 'media/', MEDIA_S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY, MEDIA_S3_SECRET_ACCESS_KEY: S3_TEST_ACCESS_KEY }, '/nonexistent');
      if (media.kind !== 's3') throw new Error('expected S3 settings');
      const store = new S3MediaStore(media);
      for (const key of ['ui/kept/thumb.jpg', 'ui/killed/master.jpg', 'ui/killed/thumb.jpg']) await store.put(key, Buffer.from('x'), 'image/jpeg');
      await ownedRow();
      // swept as the objects are written: young, so kept
      const written = await s3.lastWritten();
      expect(await sweepOrphanMedia(await testDb(), store, written)).to.deep.equal({ items: 0, temporaries: 0 });
      // past the grace period, the killed upload's objects go and the owned ones stay
      expect(await sweepOrphanMedia(await testDb(), store, new Date(written.getTime() + ORPHAN_GRACE_MS + 60_000))).to.deep.equal({ items: 1, temporaries: 0 });
      expect(await s3.keys()).to.deep.equal(['media/ui/kept/thumb.jpg']);
    } finally {
      await s3.close();
    }
  });
});
