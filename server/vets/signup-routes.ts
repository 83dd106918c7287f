// Vet sign-up (issue 13 point 4): an account that is a vet and the practice it owns, in one transaction.
import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { hashPassword } from '../auth/passwords.js';
import { fieldErrors, MIN_PASSWORD_LENGTH, signupForm } from '../auth/validation.js';
import { startSessionAs } from '../auth/session-helpers.js';
import { EmailTakenError, findUserByEmail, insertUser } from '../users/queries.js';
import { EMAIL_TAKEN, PRACTICE_NAME_REQUIRED } from '../shared/messages.js';
import { createPracticeFor } from './practice-mutations.js';
import { hasLineBreak } from '../shared/visible-text.js';
import { giveCsrfToken } from '../security/csrf.js';

const vetSignupForm = signupForm.extend({
  practiceName: z
    .string({ required_error: PRACTICE_NAME_REQUIRED })
    .trim()
    .min(1, PRACTICE_NAME_REQUIRED)
    .max(100, PRACTICE_NAME_REQUIRED)
    .refine((name) => !hasLineBreak(name), PRACTICE_NAME_REQUIRED),
  isDvm: z.literal('yes').optional(),
});

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

export function vetSignupRoutes(db: Db): Router {
  const router = Router();
  const render = (res: import('express').Response, status: number, values: Record<string, unknown>, errors: Record<string, string>) =>
    res.status(status).render('vets/signup', { title: 'Sign up your practice', values, errors, minPasswordLength: MIN_PASSWORD_LENGTH });

  router.get('/vets/signup', giveCsrfToken, (req, res) => {
    if (req.currentUser) return res.redirect('/members');
    render(res, 200, { name: '', email: '', practiceName: '', isDvm: true }, {});
  });

  router.post('/vets/signup', async (req, res) => {
    if (req.currentUser) return res.redirect(303, '/members');
    const body = req.body ?? {};
    const values = { name: text(body.name, 100), email: text(body.email, 254), practiceName: text(body.practiceName, 100), isDvm: body.isDvm === 'yes' };
    const parsed = vetSignupForm.safeParse(body);
    if (!parsed.success) return render(res, 400, values, fieldErrors(parsed.error));
    if (await findUserByEmail(db, parsed.data.email)) return render(res, 409, values, { email: EMAIL_TAKEN });
    const passwordHash = await hashPassword(parsed.data.password);
    const user = await db
      .transaction(async (trx) => {
        const created = await insertUser(trx, { name: parsed.data.name, email: parsed.data.email, passwordHash, isVet: true });
        await createPracticeFor(trx, created.id, parsed.data.practiceName, parsed.data.isDvm === 'yes');
        return created;
      })
      .catch((error) => {
        if (error instanceof EmailTakenError) return null;
        throw error;
      });
    if (!user) return render(res, 409, values, { email: EMAIL_TAKEN });
    await startSessionAs(req, user.id);
    res.redirect(303, '/members');
  });

  return router;
}
