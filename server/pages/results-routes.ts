import { Router, type Request } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { HttpError, signedInUser } from '../auth/guards.js';
import { petAccessFor, type PetAccess } from '../pets/access.js';
import { focusShellOnPet } from '../shell/context.js';
import { backToPageLink, breedLabel, RESULTS_PATHS, type ResultsPage } from '../shell/rules.js';
import { NOT_AUTHORIZED } from '../shared/messages.js';
import type { HealthFilter } from '../results/health.js';
import {
  breedPage,
  carePage,
  healthPage,
  profilePage,
  relativesPage,
  researchPage,
  summaryPage,
  traitsPage,
  type PageContext,
} from '../results/page-data.js';

type Loader = (context: PageContext) => Promise<Record<string, unknown>>;

const PAGES: { path: string; page: ResultsPage; view: string; heading: (label: string) => string; load: Loader }[] = [
  { path: '/profile', page: 'profile', view: 'profile', heading: () => 'Profile', load: profilePage },
  { path: '/summary', page: 'summary', view: 'summary', heading: () => 'Summary', load: summaryPage },
  { path: '/research-surveys', page: 'research', view: 'research-surveys', heading: () => 'Research', load: researchPage },
  { path: '/breed-and-ancestry', page: 'breed', view: 'breed-and-ancestry', heading: (label) => label, load: breedPage },
  { path: '/health', page: 'health', view: 'health', heading: () => 'Health', load: (c) => healthPage(c, 'all') },
  { path: '/relatives', page: 'relatives', view: 'relatives', heading: () => 'Relatives', load: relativesPage },
  { path: '/traits', page: 'traits', view: 'traits', heading: () => 'Traits', load: traitsPage },
  { path: '/care', page: 'care', view: 'care', heading: () => 'Care Resources', load: carePage },
];

const HEALTH_SUBPAGES: { path: string; filter: HealthFilter; heading: string }[] = [
  { path: '/health/breed-relevant', filter: 'breed-relevant', heading: 'Breed-Relevant Health Conditions' },
  { path: '/health/other', filter: 'other', heading: 'Other Health Conditions' },
];

/** Reads `i` and checks, on the server, that the signed-in user may see that dog. */
export async function petFromQuery(db: Db, req: Request): Promise<PetAccess> {
  const user = signedInUser(req);
  const petNum = Number(req.query.i);
  const access = Number.isSafeInteger(petNum) && petNum > 0 ? await petAccessFor(db, user, petNum) : null;
  if (!access) throw new HttpError(404, NOT_AUTHORIZED);
  return access;
}

/** spec 2 §2: breed and relatives pages take countryCode; only a two-letter code is kept. */
function countryCodeOf(req: Request): string {
  const code = typeof req.query.countryCode === 'string' ? req.query.countryCode.toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) ? code : signedInUser(req).countryCode;
}

export function resultsRoutes(db: Db, settings: Settings): Router {
  const router = Router();

  for (const { path, page, view, heading, load } of PAGES) {
    router.get(path, async (req, res) => {
      const user = signedInUser(req);
      const { pet, isOwner } = await petFromQuery(db, req);
      if ((page === 'relatives' && !pet.showRelativeFinder) || (page === 'care' && !pet.shouldShowCareResources)) {
        throw new HttpError(404, 'This page is not available for this dog.');
      }
      focusShellOnPet(res.locals.shell, settings, pet, page);
      const title = heading(breedLabel(user.userType));
      const data = await load({ db, pet, isOwner, isAdmin: user.isAdmin });
      res.render(`members/results/${view}`, {
        ...data,
        title: `${pet.name}: ${title}`,
        heading: `${pet.callName || pet.name}: ${title}`,
        pet,
        countryCode: countryCodeOf(req),
      });
    });
  }

  for (const { path, filter, heading } of HEALTH_SUBPAGES) {
    router.get(path, async (req, res) => {
      const { pet, isOwner } = await petFromQuery(db, req);
      focusShellOnPet(res.locals.shell, settings, pet, 'health', backToPageLink('Health', `${RESULTS_PATHS.health}?i=${pet.petNum}`));
      const data = await healthPage({ db, pet, isOwner, isAdmin: signedInUser(req).isAdmin }, filter);
      res.render('members/results/health', { ...data, title: `${pet.name}: ${heading}`, heading, pet });
    });
  }

  return router;
}
