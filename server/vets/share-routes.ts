// The share-with-vet panel's forms (issue 13 point 1): they work without scripts; the vet-share
// widget calls GraphQL instead.
import { Router, type Request } from 'express';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { parseId } from '../http/ids.js';
import { editablePetFromQuery } from '../pages/results-routes.js';
import { resetReportLink, revokeShare, shareResultsWithVet } from './shares.js';
import { validateShare } from '../shared/vets-rules.js';
import { ERROR_CODES } from './share-panel.js';

const RETURN_PAGES = new Set(['summary', 'health']);
function backTo(req: Request, petNum: number, outcome: string): string {
  const page = typeof req.body?.from === 'string' && RETURN_PAGES.has(req.body.from) ? req.body.from : 'summary';
  return `/members/results/${page}?i=${petNum}&${outcome}#share-with-vet`;
}

/** Mounted under /members. */
export function vetShareRoutes(db: Db): Router {
  const router = Router();

  router.post('/vet-report/share', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (!access) return;
    const { value, errors } = validateShare(req.body ?? {});
    const codes = Object.values(errors).map((text) => `vetShareError=${ERROR_CODES.get(text)}`);
    if (codes.length > 0) return res.redirect(303, backTo(req, access.pet.petNum, codes.join('&')));
    try {
      await shareResultsWithVet(db, signedInUser(req), access.pet, value);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) return res.redirect(303, backTo(req, access.pet.petNum, 'vetShare=limited'));
      if (error instanceof HttpError && error.status === 409) return res.redirect(303, backTo(req, access.pet.petNum, 'vetShare=no-results'));
      throw error;
    }
    res.redirect(303, backTo(req, access.pet.petNum, 'vetShare=sent'));
  });

  router.post('/vet-report/revoke', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (!access) return;
    const shareId = parseId(req.body?.shareId);
    const revoked = shareId !== null && (await revokeShare(db, access.pet.petNum, shareId));
    res.redirect(303, backTo(req, access.pet.petNum, revoked ? 'vetShare=revoked' : 'vetShare=failed'));
  });

  router.post('/vet-report/reset-link', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (!access) return;
    await resetReportLink(db, access.pet.petNum);
    res.redirect(303, backTo(req, access.pet.petNum, 'vetShare=reset'));
  });

  return router;
}
