// How an uploaded picture is turned into what pages show (issue 12): sharp, no database.
import { expect } from 'chai';
import sharp from 'sharp';
import { processUploadedImage } from '../../../server/media/images.js';

describe('uploaded images', () => {
  it('puts a transparent picture on white, not black, in every variant', async () => {
    // an 80×60 PNG: transparent, with an opaque green square in the middle
    const png = await sharp({ create: { width: 80, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 1 } } }, left: 30, top: 20 }])
      .png()
      .toBuffer();
    const image = await processUploadedImage(png);
    for (const file of [{ name: 'master.jpg', body: image.master }, ...image.files]) {
      const { data, info } = await sharp(file.body).raw().toBuffer({ resolveWithObject: true });
      const corner = [...data.subarray(0, info.channels)].slice(0, 3);
      for (const value of corner) expect(value, `${file.name}: the corner`).to.be.at.least(245);
    }
  });
});
