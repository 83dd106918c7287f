// Change password on the settings page (issue 15 point 4): the current password is required,
// the new one follows the sign-up rules, and every other session of the account ends.
import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { signupForm } from '../auth/validation.js';
import { endOtherSessions } from '../auth/sessions-of-user.js';
import { tryPassword } from '../auth/throttle.js';
import * as messages from '../shared/messages.js';
import { fieldErrorsOf, withoutCsrf } from './rules.js';
import { refuseReadOnly, renderSettingsPage } from './routes.js';
import { setPasswordHash, storedPasswordHash } from './password-queries.js';

const changePasswordForm = z
  .object({
    currentPassword: z.string({ required_error: messages.PASSWORD_REQUIRED, invalid_type_error: messages.PASSWORD_REQUIRED }).min(1, messages.PASSWORD_REQUIRED).max(200),
    newPassword: signupForm.shape.password,
  })
  .strict(messages.SETTINGS_UNEXPECTED_FIELDS);

/** Mounted under /members behind requireUser. */
export function passwordChangeRoutes(db: Db): Router {
  const router = Router();

  router.post('/profile/password', refuseReadOnly, async (req, res) => {
    const user = signedInUser(req);
    // Whoever impersonates does not know the password, and must not set one.
    if (req.impersonator) throw new HttpError(403, messages.PASSWORD_CHANGE_IMPERSONATING);
    const parsed = changePasswordForm.safeParse(withoutCsrf(req.body));
    if (!parsed.success) return renderSettingsPage(db, req, res, { passwordErrors: fieldErrorsOf(parsed.error) }, 400);
    // Guesses at the current password count against the same limit as sign-in attempts.
    const stored = await storedPasswordHash(db, user.id);
    const outcome = await tryPassword(db, user.email, req.ip ?? 'unknown', async () => Boolean(stored) && (await verifyPassword(parsed.data.currentPassword, stored!)));
    if (outcome === 'throttled') return renderSettingsPage(db, req, res, { passwordErrors: { currentPassword: messages.LOGIN_THROTTLED } }, 429);
    if (outcome === 'refused') {
      return renderSettingsPage(db, req, res, { passwordErrors: { currentPassword: messages.PASSWORD_CURRENT_WRONG } }, 400);
    }
    // the same password again would change nothing but sign every other device out
    if (parsed.data.newPassword === parsed.data.currentPassword) return renderSettingsPage(db, req, res, { passwordErrors: { newPassword: messages.PASSWORD_UNCHANGED } }, 400);
    const newHash = await hashPassword(parsed.data.newPassword);
    await db.transaction(async (trx) => {
      await setPasswordHash(trx, user.id, newHash);
      await endOtherSessions(trx, user.id, req.sessionID);
    });
    res.redirect(303, '/members/profile?saved=password');
  });

  return router;
}
