import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Settings } from '../settings.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { hasControlCharacter } from '../http/text-input.js';
import { isPageCategory, pageCategoryFor } from './categories.js';
import { createLogger } from './log.js';

export const PAGE_VIEW_PATH = '/api/usage/page-view';

/** A page-view event as the start-up script sends it: the page's category and its path (no query). */
const pageViewEvent = z
  .object({
    category: z.string().refine(isPageCategory),
    path: z
      .string()
      .max(2000)
      .regex(/^\/(?!\/)[^?#\s]*$/),
  })
  .strict();

/** Every page carries its category as `res.locals.pageCategory`, read by views/partials/top.ejs. */
const pageCategoryLocal: RequestHandler = (req, res, next) => {
  if (req.method === 'GET') res.locals.pageCategory = pageCategoryFor(req.path, req.currentUser?.userType ?? null);
  next();
};

/**
 * Usage tracking (issue 4 point 10, spec 1 §2, §8): the page category of every page, and
 * POST /api/usage/page-view, written as an info log line. Mounted before the impersonation write
 * guard: a page view changes no data, so it is neither refused nor audited while impersonating.
 */
export function usageRoutes(settings: Settings): Router {
  const router = Router();
  const logger = createLogger(settings.nodeEnv === 'test');

  router.use(pageCategoryLocal);

  router.post(PAGE_VIEW_PATH, requireUser, (req, res) => {
    const user = signedInUser(req);
    const parsed = pageViewEvent.safeParse(req.body);
    // mounted before refuseControlCharacters (app.ts), so the edge's rule is applied here
    if (!parsed.success || hasControlCharacter(req.body)) {
      res.status(400).json({ error: INVALID_ARGUMENTS });
      return;
    }
    logger.log('info', 'page view', {
      event: 'page-view',
      userId: user.id,
      impersonated: Boolean(req.impersonator),
      ...(req.impersonator ? { impersonatorId: req.impersonator.id } : {}),
      category: parsed.data.category,
      path: parsed.data.path,
    });
    res.status(204).end();
  });

  return router;
}
