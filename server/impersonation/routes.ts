import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { requireImpersonationRight, requireUser } from '../auth/guards.js';
import { startSessionAs } from '../auth/session-helpers.js';
import { findUserByEmail } from '../users/queries.js';
import { NO_SUCH_USER } from '../shared/messages.js';
import { recordImpersonatedWrite } from './audit.js';

const impersonateForm = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });

export const CANNOT_IMPERSONATE_ADMIN = 'Admin accounts cannot be impersonated';
export const CANNOT_IMPERSONATE_SELF = 'You are already signed in as that account';

export function impersonationRoutes(db: Db): Router {
  const router = Router();

  router.get('/cs/impersonate', requireImpersonationRight, (_req, res) => {
    res.render('cs/impersonate', { title: 'Impersonate', email: '', error: null });
  });

  router.post('/cs/impersonate', requireImpersonationRight, async (req, res) => {
    // The person choosing is the real one, even when switching from one impersonation to another.
    const impersonator = req.impersonator ?? req.currentUser!;
    const parsed = impersonateForm.safeParse(req.body);
    const email = parsed.success ? parsed.data.email : '';
    const refuse = (status: number, error: string) => res.status(status).render('cs/impersonate', { title: 'Impersonate', email, error });

    if (!parsed.success) return refuse(400, NO_SUCH_USER);
    const target = await findUserByEmail(db, email);
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
    if (!impersonator) return res.redirect('/members');
    await recordImpersonatedWrite(db, req, { action: 'impersonation ended' });
    await startSessionAs(req, impersonator.id);
    res.redirect(impersonator.isAdmin ? '/admin' : '/cs/impersonate');
  });

  return router;
}
