// Image processing with sharp (issue 12 §2): orientation applied, metadata (GPS!) dropped, variants
// in AVIF/WebP with a JPEG fallback, a perceptual hash, and a pixel limit against decompression bombs.
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_VARIANTS, MAX_IMAGE_PIXELS, type ImageFormat, type ImageVariant } from '../shared/media-rules.js';

/** The upload refused as an image: not decodable, truncated, or too many pixels. */
export class ImageRejected extends Error {}

export interface EncodedFile {
  name: string;
  body: Buffer;
  contentType: string;
}

export interface ProcessedImage {
  /** The picture upright (EXIF orientation applied), without metadata, at most 2560 px: rotations start from it. */
  master: Buffer;
  width: number;
  height: number;
  phash: string;
  files: EncodedFile[];
}

const MASTER_SIZE = IMAGE_VARIANTS.full.size;
const CONTENT_TYPE: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

// One libvips thread pool is shared by concurrent requests; the cache only helps repeated files.
sharp.cache(false);

function open(input: Buffer | string) {
  // 'truncated' refuses a cut-off file instead of decoding grey stripes.
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true });
}

/** Reads only the header: refuses a bomb before decoding a single pixel. */
async function checkedSize(input: Buffer | string): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('The file is not an image we can read.');
  }
  if (!meta.width || !meta.height) throw new ImageRejected('The file is not an image we can read.');
  const pages = meta.pages ?? 1;
  if (meta.width * meta.height > MAX_IMAGE_PIXELS || meta.width * meta.height * pages > MAX_IMAGE_PIXELS * 4) {
    throw new ImageRejected(`The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`);
  }
}

/** Processes an uploaded image file (a path or its bytes). */
export async function processUploadedImage(input: Buffer | string): Promise<ProcessedImage> {
  await checkedSize(input);
  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await open(input)
      .rotate() // EXIF orientation; the output keeps no metadata
      .resize({ width: MASTER_SIZE, height: MASTER_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // a transparent PNG, GIF or WebP on white: JPEG has no transparency (it read as black)
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRejected(/truncated|premature|corrupt|unexpected end/i.test(String(error)) ? 'The image is incomplete (the file is truncated).' : 'The file is not an image we can read.');
  }
  const [files, phash] = await Promise.all([renderVariants(master.data, 0), perceptualHash(master.data)]);
  return { master: master.data, width: master.info.width, height: master.info.height, phash, files };
}

/** Every variant of the master (or `only` those) turned by `rotation` degrees clockwise. */
export async function renderVariants(master: Buffer, rotation: number, only?: readonly ImageVariant[]): Promise<EncodedFile[]> {
  const decoded = await sharp(master).rotate(rotation).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } } as const;
  const jobs: Promise<EncodedFile>[] = [];
  for (const [variant, spec] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, (typeof IMAGE_VARIANTS)[ImageVariant]][]) {
    if (only && !only.includes(variant)) continue;
    const isCircle = 'circle' in spec && spec.circle;
    const resized = sharp(decoded.data, raw).resize({
      width: spec.size,
      height: spec.size,
      fit: spec.fit,
      // the dog, not the middle of the frame: libvips' attention strategy follows skin tones, saturation and edges
      ...(isCircle ? { position: sharp.strategy.attention } : {}),
      withoutEnlargement: spec.fit === 'inside',
    });
    if (isCircle) resized.ensureAlpha().composite([{ input: circleMask(spec.size), blend: 'dest-in' }]);
    for (const format of spec.formats as readonly ImageFormat[]) {
      // The upright master already is the full JPEG.
      if (variant === 'full' && format === 'jpg' && rotation === 0) {
        jobs.push(Promise.resolve({ name: 'full.jpg', body: master, contentType: CONTENT_TYPE.jpg }));
        continue;
      }
      const encoder = resized.clone();
      const encoded = encode(encoder, format);
      jobs.push(encoded.toBuffer().then((body) => ({ name: `${variant}.${format}`, body, contentType: CONTENT_TYPE[format] })));
    }
  }
  return Promise.all(jobs);
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'avif') return image.avif({ quality: 50, effort: 0 });
  if (format === 'webp') return image.webp({ quality: 80, effort: 2 });
  if (format === 'png') return image.png({ compressionLevel: 9, palette: false });
  return image.jpeg({ quality: 82, mozjpeg: false, progressive: true });
}

/** Opaque inside the circle that touches the square's sides, transparent outside it. */
function circleMask(size: number): Buffer {
  const r = size / 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${r}" cy="${r}" r="${r}" fill="#fff"/></svg>`);
}

/** The round dog face alone, for a photo stored before that variant existed (serve-routes.ts renders it on first request). */
export async function renderRoundFace(master: Buffer, rotation: number): Promise<EncodedFile[]> {
  return renderVariants(master, rotation, ['round']);
}

/**
 * DCT perceptual hash (pHash): the 8 × 8 lowest frequencies of a 32 × 32 greyscale copy, each bit
 * above or below their median; 16 hex digits. The same picture re-encoded or resized keeps its hash.
 */
export async function perceptualHash(image: Buffer): Promise<string> {
  const size = 32;
  const pixels = await sharp(image).greyscale().resize(size, size, { fit: 'fill' }).raw().toBuffer();
  const cos = Array.from({ length: 8 }, (_, u) => Array.from({ length: size }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * size))));
  const coefficients: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) sum += pixels[y * size + x] * cos[u][y] * cos[v][x];
      }
      coefficients.push(sum);
    }
  }
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[31];
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let bit = 0; bit < 4; bit++) nibble = (nibble << 1) | (coefficients[i + bit] > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

export { CONTENT_TYPE as IMAGE_CONTENT_TYPE };
