import { Router } from 'express';
import { petAvatar } from '../pets/images.js';
import type { Db } from '../db/index.js';
import { isReturnPath, requireUser, signedInUser } from '../auth/guards.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import { READ_ONLY_IMPERSONATION } from '../shared/messages.js';
import { listOwnedPets } from '../pets/list.js';

/** Mounted under /members, behind requireUser. */
export function memberPageRoutes(db: Db): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = signedInUser(req);
    const pets = await listOwnedPets(db, user.id, { sortBy: 'NAME' });
    const heading = user.userType === 'Vet' ? 'My Patients' : 'My Dogs';
    res.render('members/dogs', { title: heading, heading, pets: pets.map((pet) => ({ ...pet, avatar: petAvatar(pet) })), userType: user.userType });
  });
  router.get('/forbidden/read-only-account', (req, res) => {
    if (!isReadOnlyImpersonation(req)) {
      return res.status(403).render('placeholder', { title: 'Read-only account', heading: 'Your account is read-only', lead: 'You can look at results but not change them.', backdrop: true });
    }
    // the page the refused change came from, when it is one of ours
    const referrer = new URL(req.get('referer') ?? '/', `${req.protocol}://${req.get('host')}`);
    const back = referrer.host === req.get('host') && isReturnPath(referrer.pathname + referrer.search) && referrer.pathname !== req.originalUrl ? referrer.pathname + referrer.search : null;
    res.status(403).render('placeholder', {
      title: 'Read-only impersonation',
      heading: READ_ONLY_IMPERSONATION,
      lead: `You are viewing ${signedInUser(req).name || signedInUser(req).email}’s account as a sub-admin: you can look at everything, but nothing was changed.`,
      backHref: back,
      backdrop: true,
    });
  });
  router.get('/forbidden/shared-pet-operation-no-permission', (_req, res) =>
    res.status(403).render('placeholder', { title: 'No permission', heading: 'You cannot change this dog', lead: 'This dog was shared with you to view only. Ask its owner for edit permission.', backdrop: true }),
  );
  return router;
}


export { requireUser };
