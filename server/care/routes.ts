import type { Request, Response } from 'express';
import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { signedInUser } from '../auth/guards.js';
import { addCareResourcesFeedback } from './feedback.js';
import { carePageId, careFeedbackSchema } from './rules.js';

function asList(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function feedbackFromForm(req: Request, petNum: number) {
  const answer = req.body?.isHelpful;
  return careFeedbackSchema.safeParse({
    pageId: carePageId(petNum),
    petNum,
    isHelpful: answer === 'yes' ? true : answer === 'no' ? false : undefined,
    selectedFeedback: asList(req.body?.selectedFeedback),
    additionalText: typeof req.body?.additionalText === 'string' ? req.body.additionalText : undefined,
  });
}

/** POST /members/results/care/feedback?i={petNum}: the care page's feedback form; the route checked the user may see the dog. */
export async function postCareFeedback(db: Db, req: Request, res: Response, pet: Pet): Promise<void> {
  const user = signedInUser(req);
  const carePage = `/members/results/care?i=${pet.petNum}`;
  const parsed = feedbackFromForm(req, pet.petNum);
  if (!parsed.success) return res.redirect(303, `${carePage}&feedback=invalid#care-feedback`);
  await addCareResourcesFeedback(db, user.id, parsed.data);
  res.redirect(303, `${carePage}&feedback=thanks#care-feedback`);
}
