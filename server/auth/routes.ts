import { Router } from 'express';
import type { Db } from '../db/index.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { tryPassword } from './throttle.js';
import { fieldErrors, loginForm, signupForm, MIN_PASSWORD_LENGTH } from './validation.js';
import { destroySession, startSessionAs } from './session-helpers.js';
import { RETURN_COOKIE, returnPath, signInNotice } from './guards.js';
import { SESSION_COOKIE } from './session.js';
import { giveCsrfToken } from '../security/csrf.js';
import { EmailTakenError, findPasswordHash, findUserByEmail, insertUser } from '../users/queries.js';
import { EMAIL_TAKEN, LOGIN_FAILED, LOGIN_THROTTLED } from '../shared/messages.js';

// A hash to compare against when the e-mail is unknown, so timing does not reveal which accounts exist.
const unknownUserHash = hashPassword('not-a-real-password');

export function authRoutes(db: Db): Router {
  const router = Router();

  // The sign-in and sign-up forms start a signed-out visitor's session, which holds the form's CSRF token.
  router.get('/login', giveCsrfToken, (req, res) => {
    if (req.currentUser) return res.redirect('/members');
    res.render('login', { title: 'Sign in', email: '', error: null, invalidFields: [], notice: signInNotice(req) });
  });

  router.post('/login', async (req, res) => {
    const ip = req.ip ?? 'unknown';
    const parsed = loginForm.safeParse(req.body);
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().slice(0, 254) : '';
    if (!parsed.success) {
      const [[field, error]] = Object.entries(fieldErrors(parsed.error));
      return res.status(400).render('login', { title: 'Sign in', email, error, invalidFields: [field] });
    }
    const account = await findPasswordHash(db, parsed.data.email);
    const outcome = await tryPassword(db, parsed.data.email, ip, async () => {
      const valid = await verifyPassword(parsed.data.password, account?.passwordHash ?? (await unknownUserHash));
      return Boolean(account) && valid;
    });
    if (outcome === 'throttled') {
      return res.status(429).render('login', { title: 'Sign in', email, error: LOGIN_THROTTLED, invalidFields: [] });
    }
    if (outcome === 'refused' || !account) {
      // which of the two was wrong is not told, so both are marked
      return res.status(401).render('login', { title: 'Sign in', email, error: LOGIN_FAILED, invalidFields: ['email', 'password'] });
    }
    const next = returnPath(req);
    await startSessionAs(req, account.id);
    res.clearCookie(RETURN_COOKIE, { path: '/' }).redirect(next);
  });

  router.get('/signup', giveCsrfToken, (req, res) => {
    if (req.currentUser) return res.redirect('/members');
    res.render('signup', { title: 'Create your account', values: { name: '', email: '' }, errors: {}, minPasswordLength: MIN_PASSWORD_LENGTH });
  });

  router.post('/signup', async (req, res) => {
    const values = {
      name: typeof req.body?.name === 'string' ? req.body.name.slice(0, 100) : '',
      email: typeof req.body?.email === 'string' ? req.body.email.slice(0, 254) : '',
    };
    const rerender = (status: number, errors: Record<string, string>) =>
      res.status(status).render('signup', { title: 'Create your account', values, errors, minPasswordLength: MIN_PASSWORD_LENGTH });

    const parsed = signupForm.safeParse(req.body);
    if (!parsed.success) return rerender(400, fieldErrors(parsed.error));
    if (await findUserByEmail(db, parsed.data.email)) return rerender(409, { email: EMAIL_TAKEN });

    const passwordHash = await hashPassword(parsed.data.password);
    const user = await insertUser(db, { name: parsed.data.name, email: parsed.data.email, passwordHash }).catch((error) => {
      if (error instanceof EmailTakenError) return null;
      throw error;
    });
    if (!user) return rerender(409, { email: EMAIL_TAKEN });
    await startSessionAs(req, user.id);
    res.redirect('/members');
  });

  // Signing out changes state, so it is a POST with the CSRF token: a link on another site cannot
  // sign anyone out. GET shows the same button (the spec's /logout page).
  router.get('/logout', (req, res) => {
    if (!req.currentUser) return res.redirect('/');
    res.render('logout', { title: 'Sign out' });
  });

  router.post('/logout', async (req, res) => {
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect('/');
  });

  return router;
}
