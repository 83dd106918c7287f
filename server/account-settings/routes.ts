import { Router } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';

export function accountSettingsRoutes(_db: Db, _settings: Settings): Router {
  return Router();
}
