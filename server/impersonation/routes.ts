import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { requireImpersonationRight, requireUser } from '../auth/guards.js';
import { startSessionAs } from '../auth/session-helpers.js';
import { findUserByEmail } from '../users/queries.js';
import { NO_SUCH_USER } from '../shared/messages.js';
import { recordImpersonatedWrite } from './audit.js';
import { isCrossSite } from '../http/cross-site.js';

export const CANNOT_IMPERSONATE_ADMIN = 'Admin accounts cannot be impersonated';
export const CANNOT_IMPERSONATE_SELF = 'You are already signed in as that account';
export const IMPERSONATE_EMAIL_REQUIRED = 'Please enter the e-mail address of the user to impersonate';
export const IMPERSONATE_EMAIL_INVALID = 'That is not an e-mail address';

// The first issue is the message shown: a blank field asks for the address rather than calling it malformed.
// The format is sign-in's (auth/validation.ts), so any account that can sign in can be picked.
const impersonateForm = z.object({
  email: z
    .string({ required_error: IMPERSONATE_EMAIL_REQUIRED, invalid_type_error: IMPERSONATE_EMAIL_INVALID })
    .trim()
    .min(1, IMPERSONATE_EMAIL_REQUIRED)
    .max(254, IMPERSONATE_EMAIL_INVALID)
    .email(IMPERSONATE_EMAIL_INVALID)
    .toLowerCase(),
});

/** What was typed, to show again in the field when it is refused (the view escapes it). */
function typedEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim() : '';
}

export function impersonationRoutes(db: Db): Router {
  const router = Router();

  router.get('/cs/impersonate', requireImpersonationRight, (_req, res) => {
    res.render('cs/impersonate', { title: 'Impersonate', email: '', error: null });
  });

  router.post('/cs/impersonate', requireImpersonationRight, async (req, res) => {
    // The person choosing is the real one, even when switching from one impersonation to another.
    const impersonator = req.impersonator ?? req.currentUser!;
    const parsed = impersonateForm.safeParse(req.body);
    const refuse = (status: number, error: string) =>
      res.status(status).render('cs/impersonate', { title: 'Impersonate', email: typedEmail(req.body), error });

    if (!parsed.success) return refuse(400, parsed.error.issues[0].message);
    const target = await findUserByEmail(db, parsed.data.email);
    if (!target) return refuse(404, NO_SUCH_USER);
    if (target.id === impersonator.id) return refuse(400, CANNOT_IMPERSONATE_SELF);
    if (target.isAdmin || target.canImpersonateAsSubAdmin) return refuse(403, CANNOT_IMPERSONATE_ADMIN);

    await startSessionAs(req, target.id, { impersonatorId: impersonator.id, readOnly: !impersonator.isAdmin });
    req.currentUser = target;
    req.impersonator = impersonator;
    await recordImpersonatedWrite(db, req, { action: 'impersonation started', details: { email: target.email } });
    res.redirect('/members');
  });

  router.get('/members/unimpersonate', requireUser, async (req, res) => {
    const impersonator = req.impersonator;
    // a link on another site leaves the impersonation as it is; the banner's own link ends it
    if (!impersonator || isCrossSite(req)) return res.redirect('/members');
    await recordImpersonatedWrite(db, req, { action: 'impersonation ended' });
    await startSessionAs(req, impersonator.id);
    res.redirect(impersonator.isAdmin ? '/admin' : '/cs/impersonate');
  });

  return router;
}
