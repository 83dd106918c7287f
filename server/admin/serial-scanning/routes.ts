// Serial scanning (spec 2 §2, §4, §5, §7; issue 16 point 3): the scanning page, its validation
// calls and submit, the kit search page, and the admins' grant of the canScanKits permission.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { requireAdmin, requireUser, signedInUser } from '../../auth/guards.js';
import { HttpError } from '../../http/http-error.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED, NO_SUCH_USER } from '../../shared/messages.js';
import { kitStateText } from '../../shared/admin-messages.js';
import { validateBoxKey, validateSwabCode } from './checks.js';
import { findKitHistories } from './history.js';
import { grantKitScanning, listKitScanners, revokeKitScanning } from './scanners.js';
import { shipmentSchema, ShipmentRefused, shipScannedKits } from './shipment.js';
import { MAX_CODE_LENGTH, MAX_KITS_PER_BOX, ORDER_SKUS, SCAN_DEBOUNCE_MS } from '../../shared/serial-scanning-rules.js';
import { parseId } from '../../http/ids.js';

/** Admins and staff with canScanKits, signed in as themselves (never through impersonation). */
export const requireKitScanner: RequestHandler = (req, res, next) => {
  if (!req.currentUser) return requireUser(req, res, next);
  const user = req.currentUser;
  next((user.isAdmin || user.canScanKits) && !req.impersonator ? undefined : new HttpError(403, NOT_AUTHORIZED));
};

/** One short text query parameter, else 400 (arrays, objects, over-long values). */
function codeParameter(value: unknown, { optional = false } = {}): string {
  if (value === undefined && optional) return '';
  if (typeof value !== 'string' || value.length > MAX_CODE_LENGTH) throw new HttpError(400, INVALID_ARGUMENTS);
  return value;
}

const grantForm = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });

export const SCANNER_GRANTED = 'The account may now scan kits.';
export const SCANNER_REVOKED = 'No longer scans kits.';
export const SCANNER_EMAIL_NEEDED = 'Enter the e-mail of the account.';

export function serialScanningRoutes(db: Db): Router {
  const router = Router();

  /** The scanning page; a refused grant comes back to it with its reason beside the e-mail field. */
  async function renderScanningPage(req: Request, res: Response, grant: { email: string; error: string | null } = { email: '', error: null }) {
    const user = signedInUser(req);
    res.render('admin/serial-scanning', {
      title: 'Serial scanning',
      props: { skus: ORDER_SKUS, debounceMs: SCAN_DEBOUNCE_MS, maxKits: MAX_KITS_PER_BOX },
      scanners: user.isAdmin ? await listKitScanners(db) : null,
      notice: req.query.notice === 'granted' ? SCANNER_GRANTED : req.query.notice === 'revoked' ? SCANNER_REVOKED : null,
      grant,
    });
  }

  router.get('/admin/serial-scanning', requireKitScanner, (req, res) => renderScanningPage(req, res));

  // spec 2 §7: `{}` when the code may be scanned, `{ error }` when not.
  router.get('/admin/api/shipping/serial-scanning/validate-boxkey', requireKitScanner, async (req, res) => {
    const error = await validateBoxKey(db, codeParameter(req.query.boxKey, { optional: true }), codeParameter(req.query.orderSku, { optional: true }));
    res.json(error ? { error } : {});
  });

  router.get('/admin/api/shipping/serial-scanning/validate-swabcode', requireKitScanner, async (req, res) => {
    const error = await validateSwabCode(db, codeParameter(req.query.swabCode, { optional: true }));
    res.json(error ? { error } : {});
  });

  router.post('/admin/api/shipping/serial-scanning/submit', requireKitScanner, async (req, res) => {
    const parsed = shipmentSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, INVALID_ARGUMENTS);
    try {
      res.json(await shipScannedKits(db, parsed.data, signedInUser(req).id));
    } catch (error) {
      if (!(error instanceof ShipmentRefused)) throw error;
      res.status(422).json({ error: error.message, row: error.row, field: error.field });
    }
  });

  router.get('/admin/serial-scanning/search', requireKitScanner, async (req, res) => {
    const raw = req.query.code;
    const code = typeof raw === 'string' ? raw.trim() : '';
    const tooLong = code.length > MAX_CODE_LENGTH;
    const kits = code && !tooLong ? await findKitHistories(db, code) : null;
    res.status(tooLong || (raw !== undefined && typeof raw !== 'string') ? 400 : 200).render('admin/serial-scanning-search', {
      title: 'Find a kit',
      code: tooLong ? '' : code,
      kits,
      kitStateText,
      error: tooLong ? INVALID_ARGUMENTS : null,
    });
  });

  router.post('/admin/serial-scanning/scanners', requireAdmin, async (req, res) => {
    const parsed = grantForm.safeParse(req.body);
    if (!parsed.success || !(await grantKitScanning(db, parsed.data.email))) {
      const typed = typeof req.body?.email === 'string' ? req.body.email.slice(0, 254) : '';
      res.status(parsed.success ? 404 : 400);
      return renderScanningPage(req, res, { email: typed, error: parsed.success ? NO_SUCH_USER : SCANNER_EMAIL_NEEDED });
    }
    res.redirect(303, '/admin/serial-scanning?notice=granted');
  });

  router.post('/admin/serial-scanning/scanners/:id/revoke', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id);
    if (id === null || !(await revokeKitScanning(db, id))) throw new HttpError(404, NO_SUCH_USER);
    res.redirect(303, '/admin/serial-scanning?notice=revoked');
  });

  return router;
}
