// Gallery actions (spec 1 §4, §7; issue 12 §4-5): captions, rotate, delete, profile picture and wags.
// The spec puts rotate, delete, profile picture and wags behind GETs: each needs the CSRF token in the
// x-csrf-token header, so a link or an <img> on another site changes nothing.
import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { wantsJson } from '../http/negotiation.js';
import { guardImpersonatedGetWrite } from '../impersonation/guard.js';
import { requireCsrfHeader } from '../security/csrf.js';
import { INVALID_ARGUMENTS, MEDIA_CAPTION_TOO_LONG, MEDIA_NOT_FOUND, NOT_AUTHORIZED } from '../shared/messages.js';
import { profileImageUrl } from '../pets/images.js';
import { editablePet, mayViewMedia, mediaOfPet } from './access.js';
import { sweepSoon } from './file-deletions.js';
import { renderVariants } from './images.js';
import { addLike, deleteMedia, findMedia, removeLike, setProfilePicture, updateCaption, updateRotation } from './queries.js';
import { imageUrl, isMediaType, nextRotation, parseCaption, parsePublicId } from '../shared/media-rules.js';
import { mediaStoreFor } from './store.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mediaTypeParam(req: Request) {
  const mediaType = (req.params as Record<string, string>).mediaType;
  if (!isMediaType(mediaType)) throw new HttpError(400, INVALID_ARGUMENTS);
  return mediaType;
}

/** Under /members. */
export function galleryActionRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  const store = mediaStoreFor(settings.media);

  router.post('/update-caption', async (req, res) => {
    const access = await editablePet(db, req, res, req.body?.petNum);
    if (!access) return;
    const media = await mediaOfPet(db, access.pet.petNum, req.body?.publicId, isMediaType(req.body?.mediaType) ? req.body.mediaType : undefined);
    const caption = parseCaption(req.body?.caption);
    if (caption === undefined) throw new HttpError(400, typeof req.body?.caption === 'string' ? MEDIA_CAPTION_TOO_LONG : INVALID_ARGUMENTS);
    await updateCaption(db, media.id, caption);
    if (wantsJson(req)) return res.json({ publicId: media.publicId, caption });
    res.redirect(303, `/members/results/profile?i=${access.pet.petNum}#gallery`);
  });

  router.get('/pet-rotate/:mediaType/:petNum', requireCsrfHeader, guardImpersonatedGetWrite(db, 'gallery: rotate'), async (req: Request<{ mediaType: string; petNum: string }>, res: Response) => {
    const mediaType = mediaTypeParam(req);
    const access = await editablePet(db, req, res, req.params.petNum);
    if (!access) return;
    const media = await mediaOfPet(db, access.pet.petNum, req.query.publicId, mediaType);
    if (media.mediaType !== 'image') throw new HttpError(400, 'Only photos can be rotated.');
    const master = await store.getBuffer(`${media.publicId}/master.jpg`);
    if (!master) throw new HttpError(404, MEDIA_NOT_FOUND);
    // Rotations of one photo take turns on its row, so each click turns it a quarter more and the
    // files written last are those of the rotation stored.
    const rotation = await db.transaction(async (trx) => {
      const current = await trx('media').where({ id: media.id }).forUpdate().first('rotation');
      const next = nextRotation(current.rotation);
      const files = await renderVariants(master, next);
      await Promise.all(files.map((file) => store.put(`${media.publicId}/${file.name}`, file.body, file.contentType)));
      await updateRotation(trx, media.id, next);
      return next;
    });
    const carouselUrl = imageUrl(media.publicId, 'carousel', 'jpg', rotation);
    const galleryUrl = imageUrl(media.publicId, 'thumb', 'jpg', rotation);
    const alt = media.caption ?? `Photo of ${access.pet.callName || access.pet.name}`;
    res.json({ tag: `<img src="${escapeHtml(carouselUrl)}" alt="${escapeHtml(alt)}">`, carouselUrl, galleryUrl, rotation });
  });

  router.get('/pet-delete/:mediaType/:petNum', requireCsrfHeader, guardImpersonatedGetWrite(db, 'gallery: delete'), async (req: Request<{ mediaType: string; petNum: string }>, res: Response) => {
    const mediaType = mediaTypeParam(req);
    const access = await editablePet(db, req, res, req.params.petNum);
    if (!access) return;
    const media = await mediaOfPet(db, access.pet.petNum, req.query.publicId, mediaType);
    await deleteMedia(db, media);
    await sweepSoon(db, store);
    res.json({ deleted: true, publicId: media.publicId });
  });

  router.get('/change-pet-profile-pic/:petNum', requireCsrfHeader, guardImpersonatedGetWrite(db, 'gallery: profile picture'), async (req: Request<{ petNum: string }>, res: Response) => {
    const action = req.query.action;
    if (action !== 'EDIT' && action !== 'DELETE') throw new HttpError(400, INVALID_ARGUMENTS);
    const access = await editablePet(db, req, res, req.params.petNum);
    if (!access) return;
    const media = await mediaOfPet(db, access.pet.petNum, req.query.publicId, 'image');
    if (action === 'EDIT') {
      await setProfilePicture(db, access.pet.petNum, media.publicId);
      return res.json({ profileImagePublicId: media.publicId, profileImageUrl: profileImageUrl({ profileImagePublicId: media.publicId }) });
    }
    // Unsetting another picture than the current one changes nothing.
    if (access.pet.profileImagePublicId === media.publicId) await setProfilePicture(db, access.pet.petNum, null);
    res.json({ profileImagePublicId: null, profileImageUrl: null });
  });

  return router;
}

/** spec 1 §7: GET /api/media-likes/{add,delete}/{mediaType}?publicId → 'added' / 'deleted'. Under /api/media-likes. */
export function mediaLikeRoutes(db: Db): Router {
  const router = Router();
  for (const action of ['add', 'delete'] as const) {
    router.get(`/${action}/:mediaType`, requireCsrfHeader, guardImpersonatedGetWrite(db, `gallery: wag ${action}`), async (req: Request<{ mediaType: string }>, res: Response) => {
      const mediaType = mediaTypeParam(req);
      const user = signedInUser(req);
      const publicId = parsePublicId(req.query.publicId);
      const media = publicId ? await findMedia(db, publicId) : undefined;
      if (!media || media.mediaType !== mediaType || media.mediaType === 'document' || !(await mayViewMedia(db, user, media))) throw new HttpError(404, MEDIA_NOT_FOUND);
      if (user.isReadOnly) throw new HttpError(403, NOT_AUTHORIZED);
      if (action === 'add') await addLike(db, media.id, user.id);
      else await removeLike(db, media.id, user.id);
      res.type('text/plain').send(action === 'add' ? 'added' : 'deleted');
    });
  }
  return router;
}
