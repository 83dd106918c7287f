import { Router, type RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { NOT_AUTHORIZED } from '../shared/messages.js';
import { mayUsePairPredictor } from './visibility.js';
import { pairPredictorPage } from './pair-page.js';
import { dogSettingsRoutes } from './dog-settings-routes.js';
import { matchmakerRoutes } from './matchmaker-routes.js';
import { kennelRoutes } from './kennel-routes.js';

// refused like the other breeder tools (pet parents, vets: 403), as pairPredictor on GraphQL is
const requirePairPredictor: RequestHandler = (req, _res, next) => next(mayUsePairPredictor(signedInUser(req)) ? undefined : new HttpError(403, NOT_AUTHORIZED));

/** The breeder tools' pages and calls (issue 14). */
export function breederRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  router.get('/breeders/pair-predictor', requireUser, requirePairPredictor, pairPredictorPage(db, settings));
  router.use(dogSettingsRoutes(db));
  router.use(matchmakerRoutes(db, settings));
  router.use(kennelRoutes(db, settings));
  return router;
}
