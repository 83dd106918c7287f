import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { worldCities } from './cities.js';
import { cityDetails, cityIdOf, cityPrediction } from './city-index.js';
import { practiceDetails, practiceUuidOf, searchPractices } from './practices.js';
import { MAX_PREDICTIONS, PLACE_INPUT_MAX, VETERINARY_CARE, type PlaceDetails, type PredictionsResponse } from '../shared/places-types.js';

export const PLACE_NOT_FOUND = 'Place not found';
/** Practices shown first in the vet practice search; cities fill the rest. */
const MAX_PRACTICES = 3;

/** The trimmed 'input' of a predictions call, or null when missing, not one string, or not 1–100 characters. */
export function parsePlaceInput(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const input = value.trim();
  return input.length >= 1 && input.length <= PLACE_INPUT_MAX ? input : null;
}

/** The optional 'types' filter: absent, or the vet practice search. */
function parseTypes(value: unknown): 'any' | typeof VETERINARY_CARE | null {
  if (value === undefined || value === '') return 'any';
  return value === VETERINARY_CARE ? VETERINARY_CARE : null;
}

/**
 * Our own place service (DESIGN.md "Outside services"), mounted at /api/places behind
 * requireUser. The browser uses it when no Google Maps key is configured; its answers have
 * the shapes of the Google branch (server/shared/places-types.ts).
 *
 *   GET /api/places/predictions?input=portl[&types=veterinary_care] → { predictions: [...] }
 *   GET /api/places/details/{placeId}                               → PlaceDetails, or 404
 */
export function placesApiRoutes(db: Db, _settings: Settings): Router {
  const router = Router();

  router.get('/predictions', async (req: Request, res: Response) => {
    const input = parsePlaceInput(req.query.input);
    const types = parseTypes(req.query.types);
    if (input === null || types === null) {
      res.status(400).json({ error: INVALID_ARGUMENTS });
      return;
    }
    const practices = types === VETERINARY_CARE ? await searchPractices(db, input, MAX_PRACTICES) : [];
    const cities = (await worldCities()).search(input, MAX_PREDICTIONS - practices.length);
    const body: PredictionsResponse = { predictions: [...practices, ...cities.map(cityPrediction)] };
    res.set('cache-control', 'private, max-age=300').json(body);
  });

  router.get('/details/:placeId', async (req: Request<{ placeId: string }>, res: Response) => {
    const { placeId } = req.params;
    let details: PlaceDetails | null = null;
    const cityId = cityIdOf(placeId);
    const practiceUuid = practiceUuidOf(placeId);
    if (cityId !== null) {
      const city = (await worldCities()).byId(cityId);
      details = city ? cityDetails(city) : null;
    } else if (practiceUuid !== null) {
      details = await practiceDetails(db, practiceUuid);
    }
    if (!details) {
      res.status(404).json({ error: PLACE_NOT_FOUND });
      return;
    }
    res.set('cache-control', 'private, max-age=300').json(details);
  });

  return router;
}
