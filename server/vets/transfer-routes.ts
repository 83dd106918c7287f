// The client's side of a client transfer (releasePetToClient): the invitation link from the e-mail.
// Anyone may open it; adding the dog needs a signed-in, writable account.
import { Router } from 'express';
import type { Db } from '../db/index.js';
import { HttpError } from '../http/http-error.js';
import { NOT_AUTHORIZED } from '../shared/messages.js';
import { acceptTransfer, findTransferInvitation } from './practice-mutations.js';

export const TRANSFER_LINK_INVALID = 'This invitation link is not valid any more. Please ask your vet practice to send a new one.';

export function transferRoutes(db: Db): Router {
  const router = Router();

  router.get('/patient-transfer/:token', async (req, res) => {
    const invitation = await findTransferInvitation(db, req.params.token);
    if (!invitation) throw new HttpError(404, TRANSFER_LINK_INVALID);
    res.set('Referrer-Policy', 'no-referrer');
    res.render('vets/transfer', { title: `Add ${invitation.petName} to your account`, invitation, token: req.params.token, signedIn: Boolean(req.currentUser) });
  });

  router.post('/patient-transfer/:token', async (req, res) => {
    if (!req.currentUser) return res.redirect(303, `/patient-transfer/${encodeURIComponent(req.params.token)}`);
    if (req.currentUser.isReadOnly) throw new HttpError(403, NOT_AUTHORIZED);
    const accepted = await acceptTransfer(db, req.currentUser, req.params.token);
    if (!accepted) throw new HttpError(404, TRANSFER_LINK_INVALID);
    res.redirect(303, '/members');
  });

  return router;
}
