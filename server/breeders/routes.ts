import { Router } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { requireUser } from '../auth/guards.js';
import { pairPredictorPage } from './pair-page.js';
import { dogSettingsRoutes } from './dog-settings-routes.js';
import { matchmakerRoutes } from './matchmaker-routes.js';
import { kennelRoutes } from './kennel-routes.js';

/** The breeder tools' pages and calls (issue 14). */
export function breederRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  router.get('/breeders/pair-predictor', requireUser, pairPredictorPage(db, settings));
  router.use(dogSettingsRoutes(db));
  router.use(matchmakerRoutes(db, settings));
  router.use(kennelRoutes(db, settings));
  return router;
}
