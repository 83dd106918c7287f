// /admin/outbox (issue 15 point 3): what the site has sent, is sending and gave up on; a dead
// message can be sent back to the queue.
import { Router } from 'express';
import type { Db } from '../db/index.js';
import { requireAdmin } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { countOutboxByStatus, listOutbox, retryDeadMessage } from './delivery.js';
import { MAX_DELIVERY_ATTEMPTS, OUTBOX_STATUSES, type OutboxStatus } from './rules.js';

const LISTED = 200;
const OUTBOX_ID = /^[1-9]\d{0,14}$/;

export const OUTBOX_RETRIED = 'The message is queued again and goes out with the next run of the worker.';
export const OUTBOX_NOT_DEAD = 'Only a dead message can be retried.';

function statusFilter(value: unknown): OutboxStatus | undefined {
  return typeof value === 'string' && (OUTBOX_STATUSES as readonly string[]).includes(value) ? (value as OutboxStatus) : undefined;
}

export function outboxAdminRoutes(db: Db): Router {
  const router = Router();

  router.get('/admin/outbox', requireAdmin, async (req, res) => {
    const status = statusFilter(req.query.status);
    const retried = typeof req.query.retried === 'string' && OUTBOX_ID.test(req.query.retried) ? Number(req.query.retried) : null;
    const [messages, counts] = await Promise.all([listOutbox(db, { status, limit: LISTED }), countOutboxByStatus(db)]);
    res.render('admin/outbox', {
      title: 'Outbox',
      messages,
      counts,
      statuses: OUTBOX_STATUSES,
      status: status ?? null,
      listed: LISTED,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      notice: retried ? `Message ${retried}: ${OUTBOX_RETRIED}` : null,
    });
  });

  router.post('/admin/outbox/:id/retry', requireAdmin, async (req, res) => {
    const id = String(req.params.id);
    if (!OUTBOX_ID.test(id)) throw new HttpError(404, 'No such message');
    if (!(await retryDeadMessage(db, Number(id)))) {
      const exists = await db('outbox').where({ id: Number(id) }).first('id');
      throw new HttpError(exists ? 409 : 404, exists ? OUTBOX_NOT_DEAD : 'No such message');
    }
    res.redirect(303, `/admin/outbox?retried=${id}`);
  });

  return router;
}
