import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { signedInUser } from '../auth/guards.js';
import { parseId } from '../http/ids.js';
import { openLab } from '../lab/lab.js';
import { HEALTH_CONDITIONS } from '../genetics/catalogue/health-conditions.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { PAIR_CHOOSE_BOTH } from '../shared/breeders-messages.js';
import { PairError, predictPair, type PairPrediction } from './pair-predictor.js';
import { percent } from './pair-prediction.js';
import { breedingDog, ownBreedingDogs, type BreedingDog } from './queries.js';
import { mayPairWith } from './visibility.js';

const chosenId = (raw: unknown): number | null | 'invalid' => (raw === undefined || raw === '' ? null : (parseId(raw) ?? 'invalid'));

/**
 * GET /breeders/pair-predictor[?sire=&dam=&healthId=]: the form and, once both parents are
 * chosen, the prediction rendered on the server (the page works without scripts). A dog offered
 * by the matchmaker joins the choices when its link names it.
 */
export function pairPredictorPage(db: Db, settings: Settings): RequestHandler {
  return async (req, res) => {
    const user = signedInUser(req);
    const sireId = chosenId(req.query.sire);
    const damId = chosenId(req.query.dam);
    const healthId = typeof req.query.healthId === 'string' && req.query.healthId !== '' ? req.query.healthId : null;
    const dogs = await ownBreedingDogs(db, user.id);
    for (const id of [sireId, damId]) {
      if (typeof id !== 'number' || dogs.some((dog) => dog.petNum === id)) continue;
      const extra = (await mayPairWith(db, user, id)) ? await breedingDog(db, id) : undefined;
      if (extra) dogs.push(extra);
    }
    let prediction: PairPrediction | null = null;
    let error: string | null = null;
    let status = 200;
    if (sireId === 'invalid' || damId === 'invalid') [error, status] = [INVALID_ARGUMENTS, 400];
    else if (sireId !== null && damId !== null) {
      try {
        prediction = await predictPair(db, await openLab(db, settings.lab), user, sireId, damId, healthId);
      } catch (failure) {
        if (!(failure instanceof PairError)) throw failure;
        error = failure.message;
        status = failure.code === 'NOT_AUTHORIZED' ? 403 : 400;
      }
    } else if (sireId !== null || damId !== null) error = PAIR_CHOOSE_BOTH;
    res.status(status);
    res.render('breeders/pair-predictor', {
      title: 'Pair Predictor',
      sires: dogs.filter((dog: BreedingDog) => dog.sex === 'm'),
      dams: dogs.filter((dog: BreedingDog) => dog.sex === 'f'),
      conditions: HEALTH_CONDITIONS.map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name)),
      chosen: { sire: typeof sireId === 'number' ? sireId : null, dam: typeof damId === 'number' ? damId : null, healthId },
      prediction,
      error,
      percent,
    });
  };
}
