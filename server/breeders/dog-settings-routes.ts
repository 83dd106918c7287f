import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Db } from '../db/index.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { wantsJson } from '../http/negotiation.js';
import { isReadOnlyImpersonation, READ_ONLY_ACCOUNT_PAGE } from '../impersonation/guard.js';
import { FAILED_TO_SEND, NOT_AUTHORIZED } from '../shared/messages.js';
import { breederDogSettings, NotYourDog, saveDogsPrivacy } from './dog-settings-queries.js';
import { parseDogsPrivacy, PRIVACY_OPTIONS } from './dog-settings-rules.js';
import { usesBreederTools } from './visibility.js';

const PAGE = '/members/breeder-dog-settings/privacy';

/** Breeder tools are for breeders (their footer's Breeder Tools); admins helping them impersonate. */
export const requireBreeder: RequestHandler = (req, _res, next) => {
  next(usesBreederTools(signedInUser(req)) ? undefined : new HttpError(403, NOT_AUTHORIZED));
};

async function renderPage(db: Db, req: Request, res: Response, status: number, notice: { error?: string; saved?: boolean } = {}) {
  const user = signedInUser(req);
  res.status(status).render('breeders/dog-settings', {
    title: 'Breeder Dog Settings',
    dogs: await breederDogSettings(db, user.id),
    privacyOptions: PRIVACY_OPTIONS,
    readOnly: user.isReadOnly || isReadOnlyImpersonation(req),
    error: notice.error ?? null,
    saved: notice.saved ?? false,
  });
}

/**
 * GET and POST /members/breeder-dog-settings/privacy (spec 2 §3, §7): every dog of the breeder in
 * one table; the POST saves dogsPrivacy (petNum, handle, privacy, excludeFromMatchmaker) in one
 * transaction, from the page's form or as JSON. A dog that is not the breeder's to edit refuses
 * the whole list: nothing changes. Failures read 'Failed to send' (spec 2 §8).
 */
export function dogSettingsRoutes(db: Db): Router {
  const router = Router();
  router.get(PAGE, requireUser, requireBreeder, (req, res) => renderPage(db, req, res, 200, { saved: req.query.saved === '1' }));
  router.post(PAGE, requireUser, requireBreeder, async (req, res) => {
    const json = wantsJson(req);
    const user = signedInUser(req);
    const refuse = async (status: number, detail: string) => {
      if (json) return void res.status(status).json({ error: FAILED_TO_SEND, detail });
      await renderPage(db, req, res, status, { error: `${FAILED_TO_SEND}: ${detail}` });
    };
    if (user.isReadOnly) return json ? void res.status(403).json({ error: FAILED_TO_SEND, detail: NOT_AUTHORIZED }) : res.redirect(303, READ_ONLY_ACCOUNT_PAGE);
    const dogs = parseDogsPrivacy(req.body, req.is('application/json') === 'application/json');
    if (!dogs) return refuse(400, 'Invalid Arguments');
    try {
      const saved = await saveDogsPrivacy(db, user.id, dogs);
      if (json) return void res.json({ saved });
      res.redirect(303, `${PAGE}?saved=1`);
    } catch (error) {
      if (error instanceof NotYourDog) return refuse(403, NOT_AUTHORIZED);
      throw error;
    }
  });
  return router;
}
