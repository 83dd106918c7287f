// Uploads and their landing routes (spec 1 §2, §4; issue 12 §1).
import os from 'node:os';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { isRefusedUpload, multipart } from '../http/multipart.js';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { loadCurrentUser } from '../auth/current-user.js';
import { parseId } from '../http/ids.js';
import { wantsJson } from '../http/negotiation.js';
import { dogNotFound, petAccessFor } from '../pets/access.js';
import { MEDIA_NOT_FOUND, UPLOAD_FAILED, MEDIA_VET_FORM_DISCLAIMER } from '../shared/messages.js';
import { editablePet, mediaOfPet } from './access.js';
import { updateDocumentInfo } from './queries.js';
import {
  DOCUMENT_CATEGORIES,
  documentUrl,
  FIRST_DOCUMENT_YEAR,
  HEALTH_CATEGORY,
  HEALTH_RECORD_TYPES,
  imageUrl,
  isMediaType,
  MAX_UPLOAD_BYTES,
  parseDocumentInfo,
  parsePublicId,
  recordTypeLabel,
  RESOURCE_TYPE,
  VET_VERIFICATION_CATEGORY,
  videoUrl,
  type MediaType,
} from '../shared/media-rules.js';
import { profilePictureHref, rememberProfilePictureRefusal } from './profile-picture-refusal.js';
import { mediaStoreFor } from './store.js';
import { removeTemporaryFile, sizeRefusal, storeUpload, UploadRefused, type UploadedMedia } from './uploads.js';

export const MEDIA_UPLOAD_PATH = '/members/pet/:petNum/media';

/** An upload multer refused (too big, a second file): answered by the route, after the CSRF check. */
const refusedUploads = new WeakMap<object, UploadRefused>();

function refusal(error: Error & { code?: string }): UploadRefused {
  if (error.code === 'LIMIT_FILE_SIZE') return new UploadRefused(413, `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return new UploadRefused(400, 'Upload one file at a time, in the field "file".');
  return new UploadRefused(400, 'The upload could not be read.');
}

/**
 * Multipart bodies are parsed before the CSRF check (which reads `_csrf` from the body), so this
 * runs first, and only for a signed-in user who may edit the dog: nobody else gets to send bytes.
 * Files go to a temporary folder (videos may be 200 MB) and are removed when the answer is sent.
 */
export function mediaUploadParser(db: Db): RequestHandler[] {
  const upload = multipart({
    storage: multer.diskStorage({ destination: os.tmpdir() }),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  }).single('file');
  const mayUpload: RequestHandler = async (req, res, next) => {
    try {
      if (await editablePet(db, req, res, req.params.petNum)) next();
    } catch (error) {
      next(error);
    }
  };
  const parse: RequestHandler = (req, res, next) => {
    res.on('close', () => void removeTemporaryFile(req.file?.path));
    upload(req, res, (error?: unknown) => {
      if (isRefusedUpload(error)) {
        refusedUploads.set(req, refusal(error));
        return next();
      }
      next(error);
    });
  };
  return [loadCurrentUser(db), requireUser, mayUpload, parse];
}

const flag = (value: unknown) => value === 'true' || value === 'on' || value === '1';

/** spec 1 §2/§4: after a successful upload the browser goes to the matching success route. */
export function landingPath(mediaType: MediaType, petNum: number, uploaded: UploadedMedia, { isGalleryUpload, isProfilePicture }: { isGalleryUpload: boolean; isProfilePicture: boolean }): string {
  const publicId = encodeURIComponent(uploaded.public_id);
  const phash = encodeURIComponent(uploaded.phash ?? '');
  if (mediaType === 'document') return `/members/doc-upload-succeeded/${petNum}/${publicId}/${uploaded.resource_type}`;
  if (mediaType === 'image' && isProfilePicture) return `/members/pet/about/uploadedProfilePicture/${petNum}?publicId=${publicId}&phash=${phash}`;
  return `/members/pet-upload-succeeded/${mediaType}/${petNum}?publicId=${publicId}&phash=${phash}&isGalleryUpload=${isGalleryUpload}`;
}

async function refuseUpload(req: Request, res: Response, refused: UploadRefused, petNum: number) {
  if (wantsJson(req)) return res.status(refused.status).json({ error: UPLOAD_FAILED, reason: refused.message });
  // The about page's profile-picture form: back to that page, with the reason beside the picture.
  if (flag(req.body?.isProfilePicture)) {
    await rememberProfilePictureRefusal(req, petNum, refused.message);
    return res.redirect(303, profilePictureHref(petNum));
  }
  res.status(refused.status);
  res.render('media/upload-failed', { title: UPLOAD_FAILED, message: UPLOAD_FAILED, reason: refused.message, backHref: `/members/results/profile?i=${petNum}#gallery` });
}

/** The upload route and the landing pages, mounted under /members. */
export function mediaUploadRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  const store = mediaStoreFor(settings.media);

  router.post('/pet/:petNum/media', async (req, res) => {
    const access = await editablePet(db, req, res, req.params.petNum);
    if (!access) return;
    const petNum = access.pet.petNum;
    const refused = refusedUploads.get(req);
    if (refused) return refuseUpload(req, res, refused, petNum);
    const mediaType = req.body?.mediaType;
    if (!isMediaType(mediaType)) return refuseUpload(req, res, new UploadRefused(400, 'Choose the kind of file: image, video or document.'), petNum);
    const file = req.file;
    if (!file) return refuseUpload(req, res, new UploadRefused(400, 'Choose a file to upload.'), petNum);
    const options = { isGalleryUpload: req.body.isGalleryUpload === undefined ? true : flag(req.body.isGalleryUpload), isProfilePicture: flag(req.body.isProfilePicture) };
    try {
      const tooBig = sizeRefusal(mediaType, file.size);
      if (tooBig) throw tooBig;
      const uploaded = await storeUpload(db, store, {
        petNum,
        petName: access.pet.callName || access.pet.name,
        userId: signedInUser(req).id,
        mediaType,
        path: file.path,
        size: file.size,
        originalName: file.originalname,
        ...options,
      });
      const redirect = landingPath(mediaType, petNum, uploaded, options);
      if (wantsJson(req)) return res.status(201).json({ ...uploaded, redirect });
      res.redirect(303, redirect);
    } catch (error) {
      if (error instanceof UploadRefused) return await refuseUpload(req, res, error, petNum);
      throw error;
    } finally {
      await removeTemporaryFile(file.path);
    }
  });

  // spec 1 §2: landing after an image or video upload.
  router.get('/pet-upload-succeeded/:mediaType/:petNum', async (req, res) => {
    const { access, media } = await readableMedia(db, req, req.params.petNum, req.query.publicId, req.params.mediaType);
    if (media.mediaType === 'document') throw new HttpError(404, MEDIA_NOT_FOUND);
    res.render('media/upload-succeeded', {
      title: media.mediaType === 'image' ? 'Photo uploaded' : 'Video uploaded',
      pet: access.pet,
      media,
      imageSrc: media.mediaType === 'image' ? imageUrl(media.publicId, 'carousel', 'jpg', media.rotation) : null,
      videoSrc: media.mediaType === 'video' ? videoUrl(media.publicId, extensionOf(media.contentType)) : null,
      galleryHref: `/members/results/profile?i=${access.pet.petNum}#gallery`,
      aboutHref: req.query.isGalleryUpload === 'false' ? `/members/pet/about/${access.pet.petNum}` : null,
    });
  });

  // spec 1 §2: landing after a profile image upload (the upload already made it the profile picture).
  router.get('/pet/about/uploadedProfilePicture/:petNum', async (req, res) => {
    const { access, media } = await readableMedia(db, req, req.params.petNum, req.query.publicId, 'image');
    res.render('media/profile-picture-uploaded', {
      title: 'Profile picture uploaded',
      pet: access.pet,
      isProfilePicture: access.pet.profileImagePublicId === media.publicId,
      imageSrc: imageUrl(media.publicId, 'thumb', 'jpg', media.rotation),
      aboutHref: `/members/pet/about/${access.pet.petNum}`,
      galleryHref: `/members/results/profile?i=${access.pet.petNum}#gallery`,
    });
  });

  // spec 1 §2: landing after a document upload, with the document info form (spec 1 §3 Document info).
  router.get('/doc-upload-succeeded/:petNum/:publicId/:resourceType', async (req, res) => {
    const { access, media } = await readableMedia(db, req, req.params.petNum, req.params.publicId, 'document');
    renderDocumentForm(res, access.pet, media, access.isEditable, [], 200);
  });

  router.post('/doc-upload-succeeded/:petNum/:publicId/:resourceType', async (req, res) => {
    const access = await editablePet(db, req, res, req.params.petNum);
    if (!access) return;
    const media = await mediaOfPet(db, access.pet.petNum, req.params.publicId, 'document');
    const { info, errors } = parseDocumentInfo(req.body ?? {}, new Date().getUTCFullYear());
    if (!info) return renderDocumentForm(res, access.pet, { ...media, ...formValues(req.body) }, true, errors, 400);
    await updateDocumentInfo(db, media.id, info);
    res.redirect(303, `/members/results/profile?i=${access.pet.petNum}#documents`);
  });

  return router;
}

function formValues(body: Record<string, unknown> | undefined) {
  const text = (name: string) => (typeof body?.[name] === 'string' ? (body[name] as string).slice(0, 600) : null);
  return { documentDescription: text('description'), documentCategory: text('category'), documentRecordType: text('recordType'), documentYear: text('year') as unknown as number | null };
}

function renderDocumentForm(res: Response, pet: { petNum: number; name: string; callName: string | null }, media: { publicId: string }, editable: boolean, errors: string[], status: number) {
  const currentYear = new Date().getUTCFullYear();
  res.status(status).render('media/document-info', {
    title: 'Document uploaded',
    pet,
    media,
    editable,
    errors,
    categories: DOCUMENT_CATEGORIES,
    recordTypes: HEALTH_RECORD_TYPES.map((value) => ({ value, label: recordTypeLabel(value) })),
    healthCategory: HEALTH_CATEGORY,
    vetFormCategory: VET_VERIFICATION_CATEGORY,
    vetFormDisclaimer: MEDIA_VET_FORM_DISCLAIMER,
    years: Array.from({ length: currentYear - FIRST_DOCUMENT_YEAR + 1 }, (_, i) => currentYear - i),
    documentHref: documentUrl(media.publicId),
    action: `/members/doc-upload-succeeded/${pet.petNum}/${encodeURIComponent(media.publicId)}/${RESOURCE_TYPE.document}`,
    profileHref: `/members/results/profile?i=${pet.petNum}#documents`,
  });
}

export function extensionOf(contentType: string | null): string {
  return contentType === 'video/quicktime' ? 'mov' : contentType === 'video/webm' ? 'webm' : contentType === 'application/pdf' ? 'pdf' : 'mp4';
}

/** A media item of a dog the user may read (owners, its vet practice, admins); 404 not found otherwise. */
async function readableMedia(db: Db, req: Request, rawPetNum: unknown, rawPublicId: unknown, rawMediaType: unknown) {
  const petNum = parseId(rawPetNum);
  const access = petNum === null ? null : await petAccessFor(db, signedInUser(req), petNum);
  if (!access) throw dogNotFound();
  if (!isMediaType(rawMediaType) || !parsePublicId(rawPublicId)) throw new HttpError(404, MEDIA_NOT_FOUND);
  return { access, media: await mediaOfPet(db, access.pet.petNum, rawPublicId, rawMediaType) };
}
