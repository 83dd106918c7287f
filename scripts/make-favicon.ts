// Renders static/img/favicon.svg at 16, 32 and 48 px in Chromium and packs the PNGs into
// static/img/favicon.ico (an ICO may hold PNG images; every current browser reads them).
// Run after changing the SVG: `npx tsx scripts/make-favicon.ts`.
import { readFile, writeFile } from 'node:fs/promises';
import { launchChromium } from '../test/support/browser.js';

const SIZES = [16, 32, 48];

function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const svg = await readFile(new URL('../static/img/favicon.svg', import.meta.url), 'utf8');
const browser = await launchChromium();
try {
  const images = [];
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    images.push({ size, png: await page.screenshot({ omitBackground: true }) });
    await page.close();
  }
  await writeFile(new URL('../static/img/favicon.ico', import.meta.url), icoOf(images));
} finally {
  await browser.close();
}
