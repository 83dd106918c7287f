// How an uploaded picture is turned into what pages show (issue 12): sharp, no database.
import { expect } from 'chai';
import sharp from 'sharp';
import { processUploadedImage, renderRoundFace, renderVariants } from '../../../server/media/images.js';

describe('uploaded images', () => {
  it('puts a transparent picture on white, not black, in every variant', async () => {
    // an 80×60 PNG: transparent, with an opaque green square in the middle
    const png = await sharp({ create: { width: 80, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 1 } } }, left: 30, top: 20 }])
      .png()
      .toBuffer();
    const image = await processUploadedImage(png);
    // the round dog face is cut to a circle: its corner is transparent, not white (below)
    for (const file of [{ name: 'master.jpg', body: image.master }, ...image.files.filter((f) => !f.name.startsWith('round.'))]) {
      const { data, info } = await sharp(file.body).raw().toBuffer({ resolveWithObject: true });
      const corner = [...data.subarray(0, info.channels)].slice(0, 3);
      for (const value of corner) expect(value, `${file.name}: the corner`).to.be.at.least(245);
    }
  });
});

describe('the round dog face (spec 1 §7 roundDogFaceImageUrl)', () => {
  const pixel = async (body: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    return { channels: info.channels, width: info.width, height: info.height, rgba: [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels)] };
  };
  // a wide grey photo with the "dog" (a saturated red disc) at its right end, where a centred crop would miss it
  const photo = () =>
    sharp({ create: { width: 900, height: 300, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="110" fill="#e01010"/></svg>'), left: 640, top: 30 }])
      .jpeg()
      .toBuffer();

  it('is rendered at upload as a square PNG and WebP, transparent outside the circle and opaque inside', async () => {
    const image = await processUploadedImage(await photo());
    const round = image.files.filter((file) => file.name.startsWith('round.'));
    expect(round.map((file) => `${file.name} ${file.contentType}`)).to.have.members(['round.png image/png', 'round.webp image/webp']);
    for (const file of round) {
      const corner = await pixel(file.body, 0, 0);
      expect(corner, file.name).to.deep.include({ channels: 4, width: 256, height: 256 });
      expect(corner.rgba[3], `${file.name}: corner alpha`).to.equal(0);
      expect((await pixel(file.body, 128, 128)).rgba[3], `${file.name}: centre alpha`).to.equal(255);
    }
  });

  it('centres the square on the dog, not on the middle of the photo', async () => {
    const image = await processUploadedImage(await photo());
    const png = image.files.find((file) => file.name === 'round.png')!;
    const [r, g, b] = (await pixel(png.body, 128, 128)).rgba;
    expect(r, 'red').to.be.above(180);
    expect(g + b, 'green and blue').to.be.below(120);
  });

  it('is rendered again when the photo is turned, and alone for a photo stored before it existed', async () => {
    const { master } = await processUploadedImage(await photo());
    const turned = await renderVariants(master, 90);
    expect(turned.map((file) => file.name)).to.include.members(['round.png', 'round.webp']);
    const alone = await renderRoundFace(master, 90);
    expect(alone.map((file) => file.name)).to.have.members(['round.png', 'round.webp']);
    // turned a quarter, the wide photo stands upright: the dog is now at the bottom, still in the middle of the face
    expect((await pixel(alone.find((file) => file.name === 'round.png')!.body, 128, 128)).rgba[0]).to.be.above(180);
  });
});
