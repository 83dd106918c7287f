import type { Request, Response } from 'express';
import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { recordAgeTestAccuracy } from './queries.js';
import { parseAccuracyAnswer } from './rules.js';

/**
 * POST /members/results/age-test/feedback?i={petNum}, answering 'Is this accurate?' with yes or no;
 * the route checked that the user may edit the dog.
 */
export async function postAgeTestFeedback(db: Db, req: Request, res: Response, pet: Pet): Promise<void> {
  const summary = `/members/results/summary?i=${pet.petNum}`;
  const answer = parseAccuracyAnswer(req.body?.isAccurate);
  const saved = answer !== null && (await recordAgeTestAccuracy(db, pet.petNum, answer));
  res.redirect(303, `${summary}${saved ? '' : '&ageTestFeedback=invalid'}#age-test`);
}
