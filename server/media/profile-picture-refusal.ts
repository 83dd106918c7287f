// A refused profile-picture upload sent from the about page's form goes back to that page, which shows
// why beside the picture (QA: it used to land on the gallery's failure page). The reason travels in the
// session for one page view (post, redirect, get), so the page's address stays the about page's and a
// reload does not post the file again.
import type { Request } from 'express';
import { UPLOAD_FAILED } from '../shared/messages.js';

declare module 'express-session' {
  interface SessionData {
    /** The last refused profile-picture upload, shown once on the dog's about page. */
    profilePictureRefusal?: { petNum: number; reason: string };
  }
}

/** Where a profile-picture upload returns to: the about page, scrolled to the picture. */
export const profilePictureHref = (petNum: number) => `/members/pet/about/${petNum}#profile-picture`;

/**
 * Keeps the reason and saves the session before the caller redirects: express-session's own save at
 * the end of the response lets the headers go first, and a browser following the redirect at once
 * would read the session as it was.
 */
export function rememberProfilePictureRefusal(req: Request, petNum: number, reason: string): Promise<void> {
  req.session.profilePictureRefusal = { petNum, reason };
  return new Promise((resolve, reject) => req.session.save((error: unknown) => (error ? reject(error) : resolve())));
}

export interface ProfilePictureRefusal {
  /** Spec 1 §8: 'Some of your files failed uploading.' */
  message: string;
  reason: string;
}

/** Why a profile picture of this dog was refused, given once; null when nothing was. */
export function takeProfilePictureRefusal(req: Request, petNum: number): ProfilePictureRefusal | null {
  const refusal = req.session?.profilePictureRefusal;
  if (!refusal || refusal.petNum !== petNum) return null;
  delete req.session.profilePictureRefusal;
  return { message: UPLOAD_FAILED, reason: refusal.reason };
}
