import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Express } from 'express';
import { csrfToken, testApp, type Agent } from '../../support/app.js';
import { testDb } from '../../support/database.js';

/** A photo-like JPEG (a gradient with a few blobs, so its perceptual hash is meaningful), optionally with EXIF. */
export async function testJpeg({ width = 400, height = 200, seed = 1, orientation, gps = false }: { width?: number; height?: number; seed?: number; orientation?: number; gps?: boolean } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const blob = Math.sin((x * seed) / 37) * Math.cos((y * (seed + 2)) / 23) > 0.3 ? 90 : 0;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = blob + ((seed * 40) % 160);
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  if (gps) image = image.withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

/** The same JPEG with its frame header claiming another size (a decompression bomb without the bytes). */
export function withClaimedSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let i = 2; i < copy.length - 9; i++) {
    if (copy[i] === 0xff && (copy[i + 1] === 0xc0 || copy[i + 1] === 0xc2)) {
      copy.writeUInt16BE(height, i + 5);
      copy.writeUInt16BE(width, i + 7);
      return copy;
    }
  }
  throw new Error('no frame header');
}

export interface MediaTestApp {
  app: Express;
  mediaDir: string;
  cleanUp(): void;
}

/** An app whose media live in a fresh temporary folder, removed by cleanUp(). */
export async function mediaTestApp(): Promise<MediaTestApp> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dogdna-media-test-'));
  const app = await testApp({ media: { kind: 'local', dir: mediaDir } });
  return { app, mediaDir, cleanUp: () => fs.rmSync(mediaDir, { recursive: true, force: true }) };
}

export interface UploadFields {
  mediaType?: string;
  isGalleryUpload?: string;
  isProfilePicture?: string;
}

/** Posts one file as the browser form does (multipart with _csrf), asking for JSON unless `asPage`. */
export async function upload(agent: Agent, petNum: number | string, file: Buffer | null, fileName: string, fields: UploadFields = { mediaType: 'image' }, { asPage = false, token }: { asPage?: boolean; token?: string } = {}) {
  const csrf = token ?? (await csrfToken(agent, '/members'));
  let request = agent.post(`/members/pet/${petNum}/media`);
  if (!asPage) request = request.set('accept', 'application/json');
  request = request.field('_csrf', csrf);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) request = request.field(name, value);
  if (file) request = request.attach('file', file, fileName);
  return request;
}

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name)));
}

export async function mediaRows() {
  return (await testDb())('media').orderBy('id').select('*');
}

export async function petNumOf(handle: string): Promise<number> {
  const row = await (await testDb())('pets').where({ handle }).first('pet_num');
  return row.pet_num;
}

/** Awaits a request and checks its status, showing the answer when it differs. */
export async function expectStatus<T extends { status: number; body: unknown; text: string }>(pending: Promise<T>, status: number): Promise<T> {
  const response = await pending;
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body) || response.text.slice(0, 300)}`);
  return response;
}
