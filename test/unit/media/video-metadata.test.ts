import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropVideoMetadata } from '../../../server/media/video-metadata.js';

const box = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

describe('dropVideoMetadata', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-metadata-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const written = (bytes: Buffer) => {
    const file = path.join(dir, 'clip.mp4');
    fs.writeFileSync(file, bytes);
    return file;
  };

  it('blanks the metadata of a movie whose boxes come first, as a fragmented MP4 has them, however many fragments follow', async () => {
    const place = Buffer.from('+37.7749-122.4194/');
    const fragments = Array.from({ length: 5000 }, () => box('moof'));
    const file = written(Buffer.concat([box('ftyp', Buffer.from('isom')), box('moov', box('udta', box('\u00a9xyz', place))), ...fragments]));
    expect(await dropVideoMetadata(file)).to.equal(1);
    expect(fs.readFileSync(file).includes(place)).to.equal(false);
  });

  it('stops after 4,096 boxes at one level instead of reading a crafted file of tiny boxes to its end', async () => {
    const file = written(Buffer.concat([...Array.from({ length: 100_000 }, () => box('free')), box('moov', box('udta'))]));
    expect(await dropVideoMetadata(file)).to.equal(0);
  });

  it('leaves a file whose boxes do not add up as it is past that point', async () => {
    const broken = Buffer.alloc(8);
    broken.writeUInt32BE(4, 0); // smaller than its own header
    broken.write('moov', 4, 'latin1');
    const file = written(Buffer.concat([broken, box('udta')]));
    expect(await dropVideoMetadata(file)).to.equal(0);
  });
});
