import { Router, type Request } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { HttpError, signedInUser } from '../auth/guards.js';
import { petAccessFor, type PetAccess } from '../pets/access.js';
import { focusShellOnPet } from '../shell/context.js';
import { backToPageLink, breedLabel, RESULTS_PATHS, type ResultsPage } from '../shell/rules.js';
import { NOT_AUTHORIZED } from '../shared/messages.js';

const PAGES: { path: string; page: ResultsPage; heading: (label: string) => string }[] = [
  { path: '/profile', page: 'profile', heading: () => 'Profile' },
  { path: '/summary', page: 'summary', heading: () => 'Summary' },
  { path: '/research-surveys', page: 'research', heading: () => 'Research' },
  { path: '/breed-and-ancestry', page: 'breed', heading: (label) => label },
  { path: '/health', page: 'health', heading: () => 'Health' },
  { path: '/relatives', page: 'relatives', heading: () => 'Relatives' },
  { path: '/traits', page: 'traits', heading: () => 'Traits' },
  { path: '/care', page: 'care', heading: () => 'Care Resources' },
];

const HEALTH_SUBPAGES = [
  { path: '/health/breed-relevant', heading: 'Breed-Relevant Health Conditions' },
  { path: '/health/other', heading: 'Other Health Conditions' },
];

async function hasGenotype(db: Db, petNum: number): Promise<boolean> {
  return Boolean(await db('genotypes').where({ pet_num: petNum, is_current: true }).first(db.raw('1 as found')));
}

/** Reads `i` and checks, on the server, that the signed-in user may see that dog. */
export async function petFromQuery(db: Db, req: Request): Promise<PetAccess> {
  const user = signedInUser(req);
  const petNum = Number(req.query.i);
  const access = Number.isSafeInteger(petNum) && petNum > 0 ? await petAccessFor(db, user, petNum) : null;
  if (!access) throw new HttpError(404, NOT_AUTHORIZED);
  return access;
}

export function resultsRoutes(db: Db, settings: Settings): Router {
  const router = Router();

  for (const { path, page, heading } of PAGES) {
    router.get(path, async (req, res) => {
      const { pet, isOwner } = await petFromQuery(db, req);
      if ((page === 'relatives' && !pet.showRelativeFinder) || (page === 'care' && !pet.shouldShowCareResources)) {
        throw new HttpError(404, 'This page is not available for this dog.');
      }
      focusShellOnPet(res.locals.shell, settings, pet, page);
      const title = heading(breedLabel(signedInUser(req).userType));
      const rawDataHref = page === 'summary' && isOwner && (await hasGenotype(db, pet.petNum)) ? `/members/pet/${pet.petNum}/raw-data` : null;
      res.render('placeholder', { title: `${pet.name}: ${title}`, heading: `${pet.callName || pet.name}: ${title}`, lead: null, rawDataHref });
    });
  }

  for (const { path, heading } of HEALTH_SUBPAGES) {
    router.get(path, async (req, res) => {
      const { pet } = await petFromQuery(db, req);
      focusShellOnPet(res.locals.shell, settings, pet, 'health', backToPageLink('Health', `${RESULTS_PATHS.health}?i=${pet.petNum}`));
      res.render('placeholder', { title: `${pet.name}: ${heading}`, heading, lead: null });
    });
  }

  return router;
}
