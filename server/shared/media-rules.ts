// Pure rules of the gallery (spec 1 §3 Media, §4 uploads and gallery like): shared by the server,
// the gallery widget and the tests.

export const MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const isMediaType = (value: unknown): value is MediaType => typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value);

const MB = 1024 * 1024;

/** Issue 12: images 20 MB, videos 200 MB, documents 20 MB. */
export const MAX_BYTES: Record<MediaType, number> = { image: 20 * MB, video: 200 * MB, document: 20 * MB };
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MAX_BYTES));

/** Against decompression bombs: a 12-megapixel phone photo passes, a 30,000 × 30,000 image does not. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What the bytes must be (sniffed, never the file name) for each media type. */
export const ACCEPTED_MIME: Record<MediaType, Record<string, string>> = {
  image: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif', 'image/tiff': 'tif' },
  // An .m4v (what macOS Photos and HandBrake export) is an MP4 under another brand: stored and served as one.
  video: { 'video/mp4': 'mp4', 'video/x-m4v': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' },
  document: { 'application/pdf': 'pdf' },
};

export const ACCEPTED_DESCRIPTION: Record<MediaType, string> = {
  image: 'a JPEG, PNG, WebP, GIF, AVIF or TIFF image',
  video: 'an MP4, MOV or WebM video',
  document: 'a PDF document',
};

/** Photos a phone or camera makes that browsers cannot show: named, with how to upload them instead. */
export const UNSHOWABLE_PHOTOS: Record<string, string> = {
  'image/heic': 'The file is a HEIC photo (an iPhone’s format), which browsers cannot show: upload it as a JPEG (on a Mac, open it in Preview and choose File > Export; on an iPhone, set Settings > Camera > Formats to Most Compatible).',
  'image/heif': 'The file is a HEIF photo, which browsers cannot show: upload it as a JPEG (on a Mac, open it in Preview and choose File > Export).',
};

const WHAT_IT_IS: Record<MediaType, string> = { image: 'a photo', video: 'a video', document: 'a PDF document' };

/**
 * Why a file's sniffed type is refused as this media type: a photo browsers cannot show is named; a
 * photo, video or PDF sent as another kind says what it is (and, on the gallery's form, which Add to
 * choose); anything else lists what the kind accepts.
 */
export function refusedFileReason(mediaType: MediaType, sniffedMime: string | undefined, fromGalleryForm: boolean): string {
  if (sniffedMime && Object.hasOwn(UNSHOWABLE_PHOTOS, sniffedMime)) return UNSHOWABLE_PHOTOS[sniffedMime];
  const actually = MEDIA_TYPES.find((other) => other !== mediaType && sniffedMime && Object.hasOwn(ACCEPTED_MIME[other], sniffedMime));
  if (!actually) return `The file is not ${ACCEPTED_DESCRIPTION[mediaType]}.`;
  const choose = fromGalleryForm ? `: choose “${WHAT_IT_IS[actually]}” under Add to upload it.` : '.';
  return `The file is ${WHAT_IT_IS[actually]}, not ${WHAT_IT_IS[mediaType]}${choose}`;
}

/** spec 1 §3: the uploaded media result's resource_type. */
export const RESOURCE_TYPE: Record<MediaType, 'image' | 'video' | 'raw'> = { image: 'image', video: 'video', document: 'raw' };

/** The media table allows 1,000 characters (migration 11). */
export const MAX_CAPTION_LENGTH = 1000;

/**
 * Image variants (issue 12): a square thumbnail for the grid and the carousel slide, each in AVIF and
 * WebP with a JPEG fallback, and the full picture (for downloads) in JPEG only: encoding 5 megapixels
 * as WebP costs half a second, which the 1.5 s budget of a 12-megapixel upload cannot spare.
 */
export const IMAGE_VARIANTS = {
  thumb: { size: 320, fit: 'cover', formats: ['avif', 'webp', 'jpg'] },
  carousel: { size: 1280, fit: 'inside', formats: ['avif', 'webp', 'jpg'] },
  full: { size: 2560, fit: 'inside', formats: ['jpg'] },
  // spec 1 §7 roundDogFaceImageUrl: a square centred on what draws the eye (the dog's face), cut to a
  // circle with a transparent outside, so only formats with alpha: WebP, and PNG for any client.
  round: { size: 256, fit: 'cover', formats: ['webp', 'png'], circle: true },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
/** The formats of the photo variants (thumb, carousel, full), which the gallery offers as <picture> sources. */
export type PhotoFormat = 'avif' | 'webp' | 'jpg';
export type ImageFormat = PhotoFormat | 'png';
/** The round dog face is the one variant drawn with transparency. */
export const ROUND_FACE_FORMAT = 'png';

export const isImageVariant = (value: string): value is ImageVariant => Object.hasOwn(IMAGE_VARIANTS, value);

/** Whether `variant.format` is a file an image has (thumb.jpg, round.png), not merely a name the served-file pattern allows. */
export const isImageVariantFile = (variant: string, format: string): boolean => isImageVariant(variant) && (IMAGE_VARIANTS[variant].formats as readonly string[]).includes(format);

/** spec 1 §3: images are ui/…, videos uv/…; documents ud-… (no slash: the document landing route has it as one path segment). */
export function newPublicId(mediaType: MediaType, random: string): string {
  if (mediaType === 'image') return `ui/${random}`;
  if (mediaType === 'video') return `uv/${random}`;
  return `ud-${random}`;
}

/**
 * A publicId in the shape media keys may have (lower-case letters, digits, dashes): `ui/…`, `uv/…`, or one
 * segment for a document. The server makes 20 hex digits; seeded rows may use other names. Anything else names no media.
 */
export const PUBLIC_ID_PATTERN = /^(u[iv]\/[a-z0-9-]{1,64}|(?!u[iv]-?\/)[a-z0-9][a-z0-9-]{0,63})$/;

export function parsePublicId(raw: unknown): string | null {
  return typeof raw === 'string' && PUBLIC_ID_PATTERN.test(raw) ? raw : null;
}

export function mediaTypeOfPublicId(publicId: string): MediaType {
  return publicId.startsWith('ui/') ? 'image' : publicId.startsWith('uv/') ? 'video' : 'document';
}

/** Address of a stored image variant; `version` (the rotation) changes the address when the picture turns. */
export function imageUrl(publicId: string, variant: ImageVariant, format: ImageFormat, version = 0): string {
  return `/media/${publicId}/${variant}.${format}${version ? `?v=${version}` : ''}`;
}

/** spec 1 §7: the address of a photo's round dog face (a PNG with a transparent outside). */
export const roundDogFaceImageUrl = (publicId: string, rotation = 0) => imageUrl(publicId, 'round', ROUND_FACE_FORMAT, rotation);

export const videoUrl = (publicId: string, extension: string) => `/media/${publicId}/original.${extension}`;
export const documentUrl = (publicId: string) => `/media/${publicId}/original.pdf`;

/**
 * The Content-Disposition of a stored PDF: shown in the browser, saved under the name it was uploaded
 * with (RFC 6266: an ASCII fallback, then the UTF-8 name), always ending in .pdf.
 */
export function documentDisposition(originalFileName: string | null): string {
  const name = (originalFileName ?? 'document').replace(/\.pdf$/i, '') + '.pdf';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** spec 1 §4: '{n} wag' or 'wags'. */
export const wagCount = (n: number) => `${n} ${n === 1 ? 'wag' : 'wags'}`;

export function nextRotation(rotation: number): 0 | 90 | 180 | 270 {
  return ((((rotation + 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/** Caption: trimmed, at most MAX_CAPTION_LENGTH characters; null when empty; undefined when refused. */
export function parseCaption(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') return undefined;
  const caption = raw.trim();
  if (Array.from(caption).length > MAX_CAPTION_LENGTH) return undefined;
  return caption === '' ? null : caption;
}

// Document info (spec 1 §3): categories and the record types of Health & Veterinary, as migration 11 allows them.
export const DOCUMENT_CATEGORIES = [
  'Breed Club Registration',
  'Health & Veterinary',
  'Microchip Certificate',
  'Pedigree',
  'Title Certificate',
  'Veterinary Verification Form',
  'Other',
] as const;
export const HEALTH_RECORD_TYPES = ['Allergies/Serum_IgE', 'BAER Tests', 'Bile Acids', 'Blood Chem', 'CBC', 'Elbows', 'Eyes', 'Heart', 'Hips', 'Knees', 'Radiography', 'Serum_VWF', 'Thyroid', 'Other'] as const;
/** How a record type reads on a page: the spec's values are stored as they are, shown without their underscores. */
export function recordTypeLabel(recordType: string): string {
  return recordType.replace('Serum_IgE', 'Serum IgE').replace('Serum_VWF', 'Serum vWF').replace('/', ' / ');
}
export const HEALTH_CATEGORY = 'Health & Veterinary';
export const VET_VERIFICATION_CATEGORY = 'Veterinary Verification Form';
export const FIRST_DOCUMENT_YEAR = 1989;
export const MAX_DOCUMENT_DESCRIPTION = 500;

export interface DocumentInfo {
  description: string | null;
  category: (typeof DOCUMENT_CATEGORIES)[number];
  recordType: (typeof HEALTH_RECORD_TYPES)[number] | null;
  year: number | null;
}

/** Reads the document info form; a list of problems when it is wrong. Record type and year only for Health & Veterinary. */
export function parseDocumentInfo(body: Record<string, unknown>, currentYear: number): { info?: DocumentInfo; errors: string[] } {
  const errors: string[] = [];
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  const description = text('description');
  if (Array.from(description).length > MAX_DOCUMENT_DESCRIPTION) errors.push(`The description can be at most ${MAX_DOCUMENT_DESCRIPTION} characters.`);
  const category = text('category');
  if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category)) errors.push('Please choose a category.');
  let recordType: DocumentInfo['recordType'] = null;
  let year: number | null = null;
  if (category === HEALTH_CATEGORY) {
    const type = text('recordType');
    if (type && !(HEALTH_RECORD_TYPES as readonly string[]).includes(type)) errors.push('Please choose a record type.');
    else recordType = (type || null) as DocumentInfo['recordType'];
    const yearText = text('year');
    if (yearText) {
      year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
      if (!(year >= FIRST_DOCUMENT_YEAR && year <= currentYear)) errors.push(`The year must be between ${FIRST_DOCUMENT_YEAR} and ${currentYear}.`);
    }
  }
  if (errors.length) return { errors };
  return { info: { description: description || null, category: category as DocumentInfo['category'], recordType, year }, errors };
}
