import { Router, type RequestHandler } from 'express';
import { petAvatar } from '../pets/images.js';
import type { Db } from '../db/index.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { listOwnedPets } from '../pets/list.js';
import type { KeptPages } from './kept-pages.js';

/** A page whose content a later feature fills; it exists so every shell link leads somewhere real. */
const plainPage =
  (heading: string, lead: string | null = null): RequestHandler =>
  (_req, res) =>
    res.render('placeholder', { title: heading, heading, lead });

export function publicPageRoutes(): Router {
  const router = Router();
  return router;
}

/** Mounted under /members, behind requireUser. */
export function memberPageRoutes(db: Db, keptPages: KeptPages): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = signedInUser(req);
    const pets = await listOwnedPets(db, user.id, { sortBy: 'NAME' });
    const heading = user.userType === 'Vet' ? 'My Patients' : 'My Dogs';
    await keptPages.render(req, res, 'members/dogs', { title: heading, heading, pets: pets.map((pet) => ({ ...pet, avatar: petAvatar(pet) })), userType: user.userType });
  });
  router.get('/forbidden/read-only-account', (_req, res) =>
    res.status(403).render('placeholder', { title: 'Read-only account', heading: 'Your account is read-only', lead: 'You can look at results but not change them.' }),
  );
  router.get('/forbidden/shared-pet-operation-no-permission', (_req, res) =>
    res.status(403).render('placeholder', { title: 'No permission', heading: 'You cannot change this dog', lead: 'This dog was shared with you to view only. Ask its owner for edit permission.' }),
  );
  return router;
}


export { requireUser };
