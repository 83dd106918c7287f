// Storing one upload (issue 12 §1-2): the type sniffed from the bytes, per-type limits, images
// processed with sharp and refused when the dog already has the same picture.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../db/index.js';
import { logger } from '../logging/logger.js';
import { ImageRejected, processUploadedImage } from './images.js';
import { findImageByPhash, forgetFileDeletion, insertMedia, reserveUploadFolder } from './queries.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { ACCEPTED_MIME, MAX_BYTES, newPublicId, refusedFileReason, RESOURCE_TYPE, type MediaType } from '../shared/media-rules.js';
import { contentTypeOfKey, type MediaStore } from './store.js';
import { dropVideoMetadata } from './video-metadata.js';

/** A refused upload: the status and the reason shown under 'Some of your files failed uploading.' */
export class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 409 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface UploadRequest {
  petNum: number;
  petName: string;
  userId: number;
  mediaType: MediaType;
  /** The temporary file multer wrote. */
  path: string;
  size: number;
  originalName: string;
  isGalleryUpload: boolean;
  isProfilePicture: boolean;
}

/** spec 1 §3: the uploaded media result. */
export interface UploadedMedia {
  public_id: string;
  resource_type: 'image' | 'video' | 'raw';
  phash: string | null;
}

const MB = 1024 * 1024;
const typeLabel: Record<MediaType, string> = { image: 'images', video: 'videos', document: 'documents' };

export function sizeRefusal(mediaType: MediaType, size: number): UploadRefused | null {
  if (size === 0) return new UploadRefused(400, 'The file is empty.');
  if (size > MAX_BYTES[mediaType]) return new UploadRefused(413, `The file is larger than ${MAX_BYTES[mediaType] / MB} MB, the limit for ${typeLabel[mediaType]}.`);
  return null;
}

const MAX_FILE_NAME = 255;

/** Keeps a readable, single-line file name (documents show it), cut to 255 characters before its extension; null when nothing usable is left. */
export function cleanFileName(name: string): string | null {
  const clean = Array.from(name.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim());
  if (clean.length <= MAX_FILE_NAME) return clean.join('') || null;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : [];
  return clean.slice(0, MAX_FILE_NAME - extension.length).join('').trimEnd() + extension.join('');
}

export async function storeUpload(db: Db, store: MediaStore, upload: UploadRequest): Promise<UploadedMedia> {
  const sizeProblem = sizeRefusal(upload.mediaType, upload.size);
  if (sizeProblem) throw sizeProblem;
  const sniffed = await fileTypeFromFile(upload.path);
  const extension = sniffed ? ACCEPTED_MIME[upload.mediaType][sniffed.mime] : undefined;
  if (!sniffed || !extension) throw new UploadRefused(415, refusedFileReason(upload.mediaType, sniffed?.mime, upload.isGalleryUpload && !upload.isProfilePicture));

  // what the file is served as: the type of its stored name (an .m4v is stored and served as an MP4)
  const contentType = upload.mediaType === 'image' ? 'image/jpeg' : contentTypeOfKey(`original.${extension}`);
  const publicId = newPublicId(upload.mediaType, randomBytes(10).toString('hex'));
  const asProfilePicture = upload.isProfilePicture && upload.mediaType === 'image';
  let phash: string | null = null;
  let width: number | null = null;
  let height: number | null = null;
  let bytes = upload.size;

  await reserveUploadFolder(db, publicId);
  try {
    if (upload.mediaType === 'image') {
      let image;
      try {
        image = await processUploadedImage(upload.path);
      } catch (error) {
        if (error instanceof ImageRejected) throw new UploadRefused(400, error.message);
        throw error;
      }
      phash = image.phash;
      if (await findImageByPhash(db, upload.petNum, phash)) throw duplicate(upload.petName);
      ({ width, height } = image);
      bytes = image.master.length;
      await store.put(`${publicId}/master.jpg`, image.master, 'image/jpeg');
      await Promise.all(image.files.map((file) => store.put(`${publicId}/${file.name}`, file.body, file.contentType)));
    } else {
      // like a photo's GPS, a video's place (and camera) never leaves with it: videos may be public
      if (extension === 'mp4' || extension === 'mov') await dropVideoMetadata(upload.path);
      await store.putFile(`${publicId}/original.${extension}`, upload.path, contentType);
    }
    await insertMedia(
      db,
      {
        petNum: upload.petNum,
        uploadedByUserId: upload.userId,
        mediaType: upload.mediaType,
        publicId,
        resourceType: RESOURCE_TYPE[upload.mediaType],
        phash,
        isGallery: upload.isGalleryUpload,
        contentType,
        width,
        height,
        bytes,
        originalFileName: cleanFileName(upload.originalName),
      },
      { asProfilePicture },
    );
  } catch (error) {
    // a refused or failed upload takes its files away now; a crash leaves them to the sweeper
    await store
      .deleteFolder(publicId)
      .then(() => forgetFileDeletion(db, publicId))
      .catch((cleanup) => logger.error({ err: cleanup, publicId }, 'could not remove the files of a refused upload; the sweeper will'));
    // Two uploads of the same picture at once: the unique index keeps one.
    if (isUniqueViolation(error, 'media_image_phash_per_pet') || /media_image_phash_per_pet/.test(String(error))) throw duplicate(upload.petName);
    throw error;
  }
  return { public_id: publicId, resource_type: RESOURCE_TYPE[upload.mediaType], phash };
}

const duplicate = (petName: string) => new UploadRefused(409, `This picture is already in ${petName}’s gallery.`);

export async function removeTemporaryFile(path: string | undefined): Promise<void> {
  if (path) await fs.promises.rm(path, { force: true });
}
