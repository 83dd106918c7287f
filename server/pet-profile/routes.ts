import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import { parseId } from '../http/ids.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import { focusShellOnPet } from '../shell/context.js';
import type { Settings } from '../settings.js';
import { signedInUser } from '../auth/guards.js';
import { dogNotFound, petAccessFor } from '../pets/access.js';
import { NO_EDIT_PERMISSION_PAGE, READ_ONLY_ACCOUNT_PAGE } from '../pages/results-routes.js';
import { DOG_NOT_FOUND } from '../shared/messages.js';
import {
  BREED_TYPES,
  DAYS,
  handleFormatError,
  MONTHS,
  normalizeHandle,
  SEX_OPTIONS,
  validatePetUpdateFields,
  yearOptions,
  type PetUpdateFields,
} from '../shared/pet-profile-rules.js';
import { ABOUT_SUMMARY_ROWS, aboutPageSummary, aboutPageTitle, backToProfileText, socialNetworkLabel } from '../shared/pet-profile-page-summary.js';
import { takeProfilePictureRefusal } from '../media/profile-picture-refusal.js';
import { firstEditablePetNum, handleAvailability, loadAboutPetFeed } from './queries.js';
import { addPetForOwner, ProfileInputError } from './mutations.js';
import { HANDLE_CHECKS_LIMITED, handleCheckLimit } from './handle-checks.js';

const ADD_A_DOG_INVALID = 'Please correct the fields marked below.';

/** A whole number typed in a form, null when blank, NaN when not a number (so validation refuses it). */
function formNumber(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return /^[0-9]{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
}
const formText = (value: unknown) => (typeof value === 'string' ? value : '');

interface AddDogValues {
  name: string;
  sex: string;
  breedType: string;
  dobDay: string;
  dobMonth: string;
  dobYear: string;
  isPrimaryOwnerBreeder: boolean;
}

function renderAddADog(res: Response, values: AddDogValues, errors: Record<string, string> = {}, status = 200) {
  res.status(status).render('members/add-a-dog', {
    title: 'Add a Dog',
    values,
    errors,
    formError: Object.keys(errors).length > 0 ? ADD_A_DOG_INVALID : null,
    options: { sexes: SEX_OPTIONS, breedTypes: BREED_TYPES, months: MONTHS, days: DAYS, years: yearOptions(new Date()) },
  });
}

/** The pet profile pages and feeds of issue #5, mounted under /members behind requireUser. */
export function petProfileRoutes(db: Db, settings: Settings): Router {
  const router = Router();

  // ?i= names the dog, as on the results pages (its page checks access); without it, the first dog the user may edit
  router.get('/pet/about', async (req, res) => {
    const asked = parseId(req.query.i);
    const petNum = asked ?? (await firstEditablePetNum(db, signedInUser(req).id));
    res.redirect(petNum === null ? '/members/add-a-dog' : `/members/pet/about/${petNum}`);
  });

  // before /pet/about/:petNum so "json" is never read as a page
  router.get('/pet/about/:petNum/json', async (req, res) => {
    const user = signedInUser(req);
    const petNum = parseId(req.params.petNum);
    const access = petNum === null ? null : await petAccessFor(db, user, petNum);
    if (!access) return res.status(404).json({ error: DOG_NOT_FOUND });
    const feed = await loadAboutPetFeed(db, access.pet, { userId: user.id, isEditable: access.isEditable });
    if (!feed) return res.status(404).json({ error: DOG_NOT_FOUND });
    res.set('cache-control', 'no-store').json(feed);
  });

  router.get('/pet/about/:petNum', async (req, res) => {
    const user = signedInUser(req);
    const petNum = parseId(req.params.petNum);
    const access = petNum === null ? null : await petAccessFor(db, user, petNum);
    if (!access) throw dogNotFound();
    if (user.isReadOnly) return res.redirect(READ_ONLY_ACCOUNT_PAGE);
    if (!access.isEditable) return res.redirect(NO_EDIT_PERMISSION_PAGE);
    const feed = await loadAboutPetFeed(db, access.pet, { userId: user.id, isEditable: true });
    if (!feed) throw dogNotFound();
    focusShellOnPet(res.locals.shell, settings, { ...access.pet, hasResults: feed.hasResults, isUpgradeAvailable: feed.isUpgradeAvailable }, null);
    // Staff looking through a read-only impersonation see the form as the owner does, with every control disabled.
    const readOnly = isReadOnlyImpersonation(req);
    const summary = aboutPageSummary(feed);
    res.render('members/pet-about', {
      title: aboutPageTitle(feed.name),
      backText: backToProfileText(feed),
      pet: feed,
      readOnly,
      summaryRows: ABOUT_SUMMARY_ROWS.map((row) => ({ ...row, text: summary[row.key] })),
      story: summary.story,
      socialLinks: feed.socialLinks.map((link) => ({ url: link.url, label: socialNetworkLabel(link.network) })),
      pictureRefusal: takeProfilePictureRefusal(req, feed.petNum),
      widgets: {
        aboutPet: { petNum: feed.petNum, readOnly },
        petSettings: { petNum: feed.petNum, petUuid: feed.petUuid, isBreeder: user.isBreeder, readOnly },
        location: { petNum: feed.petNum, petUuid: feed.petUuid, mapsApiKey: settings.mapsApiKey },
        dataSettings: feed.shouldShowCareResources ? { petNum: feed.petNum } : null,
      },
    });
  });

  const mayCheckHandle = handleCheckLimit();
  router.get('/check-handle/:handle', async (req, res) => {
    const user = signedInUser(req);
    res.set('cache-control', 'no-store');
    if (!(await mayCheckHandle(user.id))) return res.status(429).json({ error: HANDLE_CHECKS_LIMITED });
    const handle = normalizeHandle(req.params.handle);
    const error = handleFormatError(handle);
    if (error) return res.status(400).json({ error });
    // Only a dog the user may read can claim its own handle as available.
    const ownNum = typeof req.query.petNum === 'string' ? parseId(req.query.petNum) : null;
    const own = ownNum !== null && (await petAccessFor(db, user, ownNum)) ? ownNum : null;
    const { isAvailable, alternative } = await handleAvailability(db, handle, own);
    res.json({ handle, isAvailable, alternative });
  });

  router.get('/add-a-dog', (req: Request, res: Response) => {
    if (signedInUser(req).isReadOnly) return res.redirect(READ_ONLY_ACCOUNT_PAGE);
    renderAddADog(res, { name: '', sex: '', breedType: '', dobDay: '', dobMonth: '', dobYear: '', isPrimaryOwnerBreeder: false });
  });

  router.post('/add-a-dog', async (req, res) => {
    const user = signedInUser(req);
    if (user.isReadOnly) return res.redirect(303, READ_ONLY_ACCOUNT_PAGE);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const values: AddDogValues = {
      name: formText(body.name).slice(0, 200),
      sex: formText(body.sex).slice(0, 20),
      breedType: formText(body.breedType).slice(0, 20),
      dobDay: formText(body.dobDay).slice(0, 6),
      dobMonth: formText(body.dobMonth).slice(0, 6),
      dobYear: formText(body.dobYear).slice(0, 6),
      isPrimaryOwnerBreeder: body.isPrimaryOwnerBreeder === 'on' || body.isPrimaryOwnerBreeder === 'true',
    };
    const fields: PetUpdateFields = {
      name: values.name,
      sex: values.sex || null,
      breedType: values.breedType || null,
      dateOfBirth: { day: formNumber(values.dobDay), month: formNumber(values.dobMonth), year: formNumber(values.dobYear) },
      isPrimaryOwnerBreeder: values.isPrimaryOwnerBreeder,
    };
    const { errors } = validatePetUpdateFields(fields, { today: new Date(), isBreeder: false });
    if (Object.keys(errors).length > 0) return renderAddADog(res, values, errors, 400);
    try {
      const petNum = await addPetForOwner(db, user.id, { ...fields, name: values.name });
      res.redirect(303, `/members/pet/about/${petNum}`);
    } catch (error) {
      if (error instanceof ProfileInputError) return renderAddADog(res, values, { name: error.message }, 400);
      throw error;
    }
  });

  return router;
}
