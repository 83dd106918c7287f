// Who may do what with media (spec 1 §6: gallery actions need an ownership check; DESIGN.md).
import type { Request, Response } from 'express';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { parseId } from '../http/ids.js';
import { wantsJson } from '../http/negotiation.js';
import { isReadOnlyImpersonation, READ_ONLY_ACCOUNT_PAGE } from '../impersonation/guard.js';
import { dogNotFound, petAccessFor, type PetAccess } from '../pets/access.js';
import { isOwnerOf } from '../public-profile/queries.js';
import { profileVisibility, type Privacy } from '../public-profile/visibility.js';
import type { User } from '../users/queries.js';
import { MEDIA_NOT_FOUND, NOT_AUTHORIZED, READ_ONLY_IMPERSONATION } from '../shared/messages.js';
import { findMedia, type MediaRow } from './queries.js';
import { parsePublicId, type MediaType } from '../shared/media-rules.js';

export const NO_EDIT_PERMISSION_PAGE = '/members/forbidden/shared-pet-operation-no-permission';

/**
 * The dog of a gallery action if the user may edit it (spec 1 §5: read-only accounts go to the
 * read-only page, owners without edit permission to the shared-pet page; JSON callers get 403).
 * Answers null after sending that answer; throws 404 for a dog the user may not read (as for one that does not exist).
 */
export async function editablePet(db: Db, req: Request, res: Response, rawPetNum: unknown): Promise<PetAccess | null> {
  const user = signedInUser(req);
  const petNum = parseId(rawPetNum);
  const access = petNum === null ? null : await petAccessFor(db, user, petNum);
  if (!access) throw dogNotFound();
  const readOnly = user.isReadOnly || isReadOnlyImpersonation(req);
  if (readOnly || !access.isEditable) {
    const page = readOnly ? READ_ONLY_ACCOUNT_PAGE : NO_EDIT_PERMISSION_PAGE;
    if (wantsJson(req) || req.query.isAjax === 'true') res.status(403).json({ error: readOnly && req.impersonator ? READ_ONLY_IMPERSONATION : NOT_AUTHORIZED, redirect: page });
    else res.redirect(303, page);
    return null;
  }
  return access;
}

/** The media item `rawPublicId` names, if it belongs to this dog (and is of `mediaType` when given); else 404. */
export async function mediaOfPet(db: Db, petNum: number, rawPublicId: unknown, mediaType?: MediaType): Promise<MediaRow> {
  const publicId = parsePublicId(rawPublicId);
  const media = publicId ? await findMedia(db, publicId) : undefined;
  if (!media || media.petNum !== petNum || (mediaType && media.mediaType !== mediaType)) throw new HttpError(404, MEDIA_NOT_FOUND);
  return media;
}

interface PetPrivacyFacts {
  privacy: Privacy;
  is_hidden: boolean;
  deleted_at: Date | null;
}

/**
 * Photos and videos are seen by whoever may see the dog's public profile (same privacy rules) and
 * by its readers; documents are never public: owners, the dog's vet practice and admins only.
 */
export async function mayViewMedia(db: Db, user: User | undefined, media: Pick<MediaRow, 'petNum' | 'mediaType'>): Promise<boolean> {
  if (user && (await petAccessFor(db, user, media.petNum))) return true;
  if (media.mediaType === 'document') return false;
  const pet: PetPrivacyFacts | undefined = await db('pets').where({ pet_num: media.petNum }).first('privacy', 'is_hidden', 'deleted_at');
  if (!pet) return false;
  const isOwner = user ? await isOwnerOf(db, media.petNum, user.id) : false;
  return profileVisibility({ privacy: pet.privacy, isHidden: pet.is_hidden, isDeleted: pet.deleted_at !== null }, { signedIn: Boolean(user), isAdmin: Boolean(user?.isAdmin), isOwner }) === 'show';
}
