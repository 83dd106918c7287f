import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { signedInUser } from '../auth/guards.js';
import { editablePetFromQuery } from '../pages/results-routes.js';
import * as messages from '../shared/messages.js';
import { latestNutritionRequest, loadNutritionInputs, REQUEST_STATUS_TEXT, saveNutritionInputs, submitNutritionRequest } from './queries.js';
import { ACTIVITY_LEVELS, BODY_CONDITION_LABELS, FEEDING_UNITS, FOOD_TYPES, fieldErrors, HEALTH_GOALS, inputsFromForm, nutritionInputSchema } from './rules.js';

const OPTIONS = { foodTypes: FOOD_TYPES, feedingUnits: FEEDING_UNITS, activityLevels: ACTIVITY_LEVELS, healthGoals: HEALTH_GOALS, bodyConditions: BODY_CONDITION_LABELS };

interface FormState {
  values: Record<string, unknown>;
  errors?: Record<string, string>;
  formError?: string | null;
  notice?: string | null;
}

async function renderNutritionPage(db: Db, res: Response, pet: Pet, state: FormState, status = 200) {
  const [saved, request] = await Promise.all([loadNutritionInputs(db, pet.petNum), latestNutritionRequest(db, pet.petNum)]);
  res.status(status).render('members/nutrition', {
    title: `${pet.name}: Nutrition Recommendation`,
    heading: `${pet.callName || pet.name}: Nutrition Recommendation`,
    pet,
    options: OPTIONS,
    values: state.values,
    errors: state.errors ?? {},
    formError: state.formError ?? null,
    notice: state.notice ?? null,
    hasSavedInputs: Boolean(saved),
    request: request && { status: request.status, statusText: REQUEST_STATUS_TEXT[request.status] ?? request.status, createdAt: request.createdAt },
  });
}

function typedValues(body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of Object.keys(nutritionInputSchema.shape)) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value.slice(0, 1000);
  }
  const goals = inputsFromForm(body).healthGoals;
  values.healthGoals = goals;
  return values;
}

function noticeOf(req: Request): string | null {
  if (req.query.saved === '1') return messages.NUTRITION_SAVED;
  if (req.query.requested === '1') return messages.NUTRITION_REQUESTED;
  return null;
}

/** The nutrition recommendation page (spec 1 §1), mounted under /members; owners with edit permission only. */
export function nutritionRoutes(db: Db): Router {
  const router = Router();

  router.get('/nutrition', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (!access) return;
    const saved = await loadNutritionInputs(db, access.pet.petNum);
    await renderNutritionPage(db, res, access.pet, { values: saved?.inputs ?? {}, notice: noticeOf(req) });
  });

  router.post('/nutrition', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (!access) return;
    const parsed = nutritionInputSchema.safeParse(inputsFromForm(req.body ?? {}));
    if (!parsed.success) {
      // What was typed is shown again as typed (escaped by the view), so it can be corrected.
      return renderNutritionPage(db, res, access.pet, { values: typedValues(req.body ?? {}), errors: fieldErrors(parsed.error), formError: messages.NUTRITION_FORM_INVALID }, 400);
    }
    await saveNutritionInputs(db, access.pet.petNum, signedInUser(req).id, parsed.data);
    res.redirect(303, `/members/nutrition?i=${access.pet.petNum}&saved=1`);
  });

  router.post('/nutrition/request', async (req, res) => {
    const access = await editablePetFromQuery(db, req, res);
    if (!access) return;
    const request = await submitNutritionRequest(db, access.pet.petNum, signedInUser(req).id);
    if (!request) return renderNutritionPage(db, res, access.pet, { values: {}, formError: messages.NUTRITION_INPUTS_REQUIRED }, 400);
    res.redirect(303, `/members/nutrition?i=${access.pet.petNum}&requested=1`);
  });

  return router;
}
