// 'Forgot password?' (issue 15 point 4): ask for a link by e-mail, then choose a new password.
import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { hashPassword } from './passwords.js';
import { fieldErrors, loginForm, signupForm, MIN_PASSWORD_LENGTH } from './validation.js';
import { recordResetRequest, requestResetLink, resetPassword, resetTokenState, type ResetTokenState } from './password-reset-queries.js';
import { isWellFormedResetToken } from './password-reset-rules.js';
import * as messages from '../shared/messages.js';
import { giveCsrfToken } from '../security/csrf.js';

const forgotForm = z.object({ email: loginForm.shape.email });
// The same rules as sign-up.
const resetForm = z.object({ password: signupForm.shape.password });

// The token is in the address: no page loaded from it tells another site where it came from.
const noReferrer: RequestHandler = (_req, res, next) => {
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const LINK_PROBLEMS: Record<Exclude<ResetTokenState['state'], 'usable'>, string> = {
  unknown: messages.RESET_LINK_INVALID,
  used: messages.RESET_LINK_USED,
  expired: messages.RESET_LINK_EXPIRED,
};

export function passwordResetRoutes(db: Db): Router {
  const router = Router();

  const renderForgot = (res: Response, status: number, state: { email?: string; error?: string | null; sent?: boolean }) =>
    res.status(status).render('password/forgot', { title: 'Forgot password', email: state.email ?? '', error: state.error ?? null, sent: state.sent ?? false, sentMessage: messages.RESET_REQUEST_SENT });

  const renderReset = (res: Response, status: number, state: { token?: string; error?: string | null; linkProblem?: string | null; done?: boolean }) =>
    res.status(status).render('password/reset', {
      title: 'Choose a new password',
      token: state.token ?? '',
      error: state.error ?? null,
      linkProblem: state.linkProblem ?? null,
      done: state.done ?? false,
      doneMessage: messages.RESET_DONE,
      minPasswordLength: MIN_PASSWORD_LENGTH,
    });

  router.get('/forgot-password', giveCsrfToken, (_req, res) => renderForgot(res, 200, {}));

  router.post('/forgot-password', async (req, res) => {
    const typed = typeof req.body?.email === 'string' ? req.body.email.trim().slice(0, 254) : '';
    const parsed = forgotForm.safeParse(req.body);
    if (!parsed.success) return renderForgot(res, 400, { email: typed, error: Object.values(fieldErrors(parsed.error))[0] });
    const { throttled } = await recordResetRequest(db, parsed.data.email, req.ip ?? 'unknown');
    if (throttled) return renderForgot(res, 429, { email: typed, error: messages.RESET_THROTTLED });
    await requestResetLink(db, parsed.data.email);
    // The same answer either way, and in the same time, so the form does not tell which addresses have accounts.
    renderForgot(res, 200, { sent: true });
  });

  router.get('/reset-password/:token', noReferrer, giveCsrfToken, async (req, res) => {
    const token = String(req.params.token);
    const found = isWellFormedResetToken(token) ? await resetTokenState(db, token) : { state: 'unknown' as const };
    if (found.state !== 'usable') return renderReset(res, found.state === 'unknown' ? 404 : 410, { linkProblem: LINK_PROBLEMS[found.state] });
    renderReset(res, 200, { token });
  });

  router.post('/reset-password/:token', noReferrer, async (req, res) => {
    const token = String(req.params.token);
    if (!isWellFormedResetToken(token)) return renderReset(res, 404, { linkProblem: messages.RESET_LINK_INVALID });
    const parsed = resetForm.safeParse(req.body);
    if (!parsed.success) {
      const found = await resetTokenState(db, token);
      if (found.state !== 'usable') return renderReset(res, found.state === 'unknown' ? 404 : 410, { linkProblem: LINK_PROBLEMS[found.state] });
      return renderReset(res, 400, { token, error: Object.values(fieldErrors(parsed.error))[0] });
    }
    const outcome = await resetPassword(db, token, await hashPassword(parsed.data.password), req.sessionID);
    if (outcome.state !== 'usable') return renderReset(res, outcome.state === 'unknown' ? 404 : 410, { linkProblem: LINK_PROBLEMS[outcome.state] });
    renderReset(res, 200, { done: true });
  });

  return router;
}
