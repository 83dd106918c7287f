import { Router } from 'express';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { countUnreadMessages } from './unread.js';

export function messagesApiRoutes(db: Db): Router {
  const router = Router();
  router.get('/unread-count', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ numUnreadMessages: await countUnreadMessages(db, signedInUser(req).id) });
  });
  return router;
}
