import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import { parseId } from '../http/ids.js';
import { isReadOnlyImpersonation, READ_ONLY_ACCOUNT_PAGE } from '../impersonation/guard.js';
import type { Settings } from '../settings.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { dogNotFound, petAccessFor, type PetAccess } from '../pets/access.js';
import { focusShellOnPet } from '../shell/context.js';
import { petShellFacts, type PetShellFacts } from '../shell/counts.js';
import { backToPageLink, breedLabel, RESULTS_PATHS, type ResultsPage } from '../shared/shell-rules.js';
import * as messages from '../shared/messages.js';
import { NOT_AVAILABLE_FOR_DOG } from '../shared/messages.js';
import type { HealthFilter } from '../results/health.js';
import { postAgeTestFeedback } from '../age-test/routes.js';
import { postCareFeedback } from '../care/routes.js';
import { vetSharePanel } from '../vets/share-panel.js';
import { healthConditionRenderer } from '../results/health-condition-html.js';
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
  const petNum = parseId(req.query.i);
  // a page request read it with the session; a form post asks on its own
  const read = req.requestedPet?.petNum === petNum ? req.requestedPet : undefined;
  const access = petNum === null ? null : read ? read.access : await petAccessFor(db, user, petNum);
  if (!access) throw dogNotFound();
  return access;
}

export { READ_ONLY_ACCOUNT_PAGE };
export const NO_EDIT_PERMISSION_PAGE = '/members/forbidden/shared-pet-operation-no-permission';

/**
 * As petFromQuery, for pages and forms that change the dog: a read-only account is sent to the
 * read-only page, anyone else without edit permission to the shared-pet page (answers null then).
 */
export async function editablePetFromQuery(db: Db, req: Request, res: Response): Promise<PetAccess | null> {
  const access = await petFromQuery(db, req);
  if (signedInUser(req).isReadOnly) {
    res.redirect(READ_ONLY_ACCOUNT_PAGE);
    return null;
  }
  if (!access.isEditable) {
    res.redirect(NO_EDIT_PERMISSION_PAGE);
    return null;
  }
  return access;
}

/** What the navigation and footer need of the dog of the page, as read with the session when it was. */
async function shellFactsOf(db: Db, req: Request, petNum: number): Promise<PetShellFacts> {
  return req.requestedPet?.petNum === petNum ? req.requestedPet.shellFacts : petShellFacts(db, petNum);
}

/** Whether the page's own read of the results status (summary, health) found released results: the rule the vet share refuses by. */
const hasReleasedResults = (data: Record<string, unknown>): boolean => (data.status as { hasResults?: boolean } | undefined)?.hasResults === true;

/** spec 2 §2: breed and relatives pages take countryCode; only a two-letter code is kept. */
function countryCodeOf(req: Request): string {
  const code = typeof req.query.countryCode === 'string' ? req.query.countryCode.toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) ? code : signedInUser(req).countryCode;
}

export function resultsRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  const healthConditionHtml = healthConditionRenderer({ keep: settings.nodeEnv !== 'development' });

  for (const { path, page, view, heading, load } of PAGES) {
    router.get(path, async (req, res) => {
      const user = signedInUser(req);
      const { pet, isOwner, isEditable } = await petFromQuery(db, req);
      if ((page === 'relatives' && !pet.showRelativeFinder) || (page === 'care' && !pet.shouldShowCareResources)) {
        throw new HttpError(404, NOT_AVAILABLE_FOR_DOG);
      }
      focusShellOnPet(res.locals.shell, settings, { ...pet, ...(await shellFactsOf(db, req, pet.petNum)) }, page);
      const title = heading(breedLabel(user.userType));
      const isReadOnlyView = isReadOnlyImpersonation(req);
      const context = { db, pet, isOwner, isAdmin: user.isAdmin, isEditable: isEditable && !isReadOnlyView, isReadOnlyView, userId: user.id, links: settings.links };
      const data = await load(context);
      // Issue 13: owners share the results with their vet from the summary and health pages.
      const vetShare = isEditable && (page === 'summary' || page === 'health') ? await vetSharePanel(db, settings, pet, req, page, hasReleasedResults(data)) : null;
      res.render(`members/results/${view}`, {
        ...data,
        vetShare,
        notice: noticeOf(req),
        messages,
        // the tab says what the heading says: the call name when the dog has one
        title: `${pet.callName || pet.name}: ${title}`,
        heading: `${pet.callName || pet.name}: ${title}`,
        pet,
        countryCode: countryCodeOf(req),
        healthConditionHtml,
      });
    });
  }

  for (const { path, filter, heading } of HEALTH_SUBPAGES) {
    router.get(path, async (req, res) => {
      const { pet, isOwner } = await petFromQuery(db, req);
      focusShellOnPet(res.locals.shell, settings, { ...pet, ...(await shellFactsOf(db, req, pet.petNum)) }, 'health', backToPageLink('Health', `${RESULTS_PATHS.health}?i=${pet.petNum}`));
      const data = await healthPage({ db, pet, isOwner, isAdmin: signedInUser(req).isAdmin }, filter);
      res.render('members/results/health', { ...data, vetShare: null, title: `${pet.callName || pet.name}: ${heading}`, heading, pet, healthConditionHtml });
    });
  }

  router.post('/age-test/feedback', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (access) await postAgeTestFeedback(db, req, res, access.pet);
  });

  router.post('/care/feedback', async (req, res) => {
    const { pet } = await petFromQuery(db, req);
    if (!pet.shouldShowCareResources) throw new HttpError(404, NOT_AVAILABLE_FOR_DOG);
    await postCareFeedback(db, req, res, pet);
  });

  return router;
}

/** The outcome of a form posted from the page, named in the redirect back to it (a fixed word, never echoed). */
function noticeOf(req: Request): string | null {
  const flags = ['ageTestFeedback', 'feedback'] as const;
  for (const flag of flags) {
    const value = req.query[flag];
    if (value === 'invalid' || value === 'thanks') return `${flag}:${value}`;
  }
  return null;
}
