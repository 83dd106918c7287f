import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Settings } from '../settings.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { hasControlCharacter } from '../http/text-input.js';
import { isPageCategory, isTrackedSignedOut, pageCategoryFor, type PageCategory } from './categories.js';
import { analyticsIdentity } from '../shared/usage-identity.js';
import { createLogger } from './log.js';

export const PAGE_VIEW_PATH = '/api/usage/page-view';
export const IDENTIFY_PATH = '/api/usage/identify';

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

/** The identity traits the start-up script sends: the shape of AnalyticsIdentity (identity.ts). */
const identifyEvent = z
  .object({
    email: z.string().max(320),
    isImpersonator: z.literal(true).optional(),
    impersonatorEmail: z.string().max(320).optional(),
    impersonatorName: z.string().max(200).optional(),
  })
  .strict();

/**
 * Every page carries its category as `res.locals.pageCategory` and, signed in, its analytics identity
 * as `res.locals.analyticsIdentity`, both read by views/partials/top.ejs.
 */
const usageLocals: RequestHandler = (req, res, next) => {
  if (req.method === 'GET') {
    const category = pageCategoryFor(req.path, req.currentUser?.userType ?? null);
    res.locals.pageCategory = category;
    res.locals.tracksSignedOut = !req.currentUser && isTrackedSignedOut(category);
    res.locals.analyticsIdentity = analyticsIdentity(req.currentUser, req.impersonator);
  }
  next();
};

/**
 * Usage tracking (issue 4 point 10, spec 1 §2, §8): the page category of every page, and
 * POST /api/usage/page-view, written as an info log line; the user's identification (spec 2 §3, §7:
 * issue 36 §13), POST /api/usage/identify, likewise. Mounted before the impersonation write
 * guard: a page view changes no data, so it is neither refused nor audited while impersonating.
 */
export function usageRoutes(settings: Settings): Router {
  const router = Router();
  const logger = createLogger(settings.nodeEnv === 'test');

  router.use(usageLocals);

  // spec 2 §7: the analytics service's identification of the user. What is logged is the session's own
  // identity (the body only has to be well formed), so a page cannot pass itself off as someone else.
  router.post(IDENTIFY_PATH, requireUser, (req, res) => {
    const user = signedInUser(req);
    if (!identifyEvent.safeParse(req.body).success || hasControlCharacter(req.body)) {
      res.status(400).json({ error: INVALID_ARGUMENTS });
      return;
    }
    logger.log('info', 'identify', { event: 'identify', userId: user.id, ...analyticsIdentity(user, req.impersonator) });
    res.status(204).end();
  });

  router.post(PAGE_VIEW_PATH, (req, res, next) => {
    const parsed = pageViewEvent.safeParse(req.body);
    // signed out, only the pages tracked for visitors count; anything else asks to log in, as before
    if (!req.currentUser && !(parsed.success && isTrackedSignedOut(parsed.data.category as PageCategory))) return requireUser(req, res, next);
    // mounted before refuseControlCharacters (app.ts), so the edge's rule is applied here
    if (!parsed.success || hasControlCharacter(req.body)) {
      res.status(400).json({ error: INVALID_ARGUMENTS });
      return;
    }
    logger.log('info', 'page view', {
      event: 'page-view',
      userId: req.currentUser?.id ?? null,
      impersonated: Boolean(req.impersonator),
      ...(req.impersonator ? { impersonatorId: req.impersonator.id } : {}),
      category: parsed.data.category,
      path: parsed.data.path,
    });
    res.status(204).end();
  });

  return router;
}
