import { Router, type RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { openLab } from '../lab/lab.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { parseId } from '../http/ids.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../shared/messages.js';
import { BREEDS } from '../genetics/catalogue/breeds.js';
import { matchmakerCandidates, ownMatchmakerDog, type CandidateRow, type MatchmakerDog } from './matchmaker-queries.js';
import { MATCHMAKER_COLUMNS, MATCHMAKER_PAGE_LENGTH, MATCHMAKER_PAGE_LENGTH_LABELS, MATCHMAKER_PAGE_LENGTHS, MATCHMAKER_SORT_OPTIONS, filtersProblem, parseMatchmakerRequest, sortOptionValue, withDogDefaults } from '../shared/matchmaker-rules.js';
import { percent } from './pair-prediction.js';
import { ownBreedingDogs } from './queries.js';
import type { MatchmakerRow } from '../shared/matchmaker-types.js';

const PAGE = '/members/breeder-tools/matchmaker';

/** spec 1 §6, spec 2 §6: the matchmaker exists only for users with showMatchMaker; others get 403. */
const requireMatchMaker: RequestHandler = (req, _res, next) => {
  next(signedInUser(req).showMatchMaker ? undefined : new HttpError(403, NOT_AUTHORIZED));
};

export type { MatchmakerRow } from '../shared/matchmaker-types.js';

function tableRow(dog: MatchmakerDog, row: CandidateRow): MatchmakerRow {
  const [sire, dam] = dog.sex === 'm' ? [dog.petNum, row.petNum] : [row.petNum, dog.petNum];
  return {
    petNum: row.petNum,
    name: row.name,
    handle: row.handle,
    breed: row.breed ?? 'Unknown',
    ageYears: row.ageYears,
    titles: row.titles.join(', '),
    distanceMiles: row.distanceMiles,
    offspringCoi: row.offspringCoi,
    offspringCoiText: row.offspringCoi === null ? 'not tested' : percent(row.offspringCoi),
    related: row.related,
    profileHref: `/dog/${encodeURIComponent(row.handle)}`,
    pairHref: `/breeders/pair-predictor?sire=${sire}&dam=${dam}`,
  };
}

const BREED_OPTIONS = BREEDS.filter((breed) => breed.isIdentifiable).map((breed) => ({ slug: breed.slug, name: breed.name })).sort((a, b) => a.name.localeCompare(b.name));

/**
 * The matchmaker page (a server-rendered first page, turned into a DataTables server-side table by
 * its widget) and POST /members/breeder-tools/matchmaker-data, the DataTables protocol (spec 2 §7):
 * draw, start, length, search, order and the filters in; draw, recordsTotal, recordsFiltered, data out.
 */
export function matchmakerRoutes(db: Db, settings: Settings): Router {
  const router = Router();

  router.get(PAGE, requireUser, requireMatchMaker, async (req, res) => {
    const user = signedInUser(req);
    const dogs = await ownBreedingDogs(db, user.id);
    const raw = req.query.i;
    const petNum = raw === undefined || raw === '' ? (dogs[0]?.petNum ?? null) : parseId(raw);
    if (petNum === null && raw !== undefined && raw !== '') throw new HttpError(400, INVALID_ARGUMENTS);
    const dog = petNum === null ? undefined : await ownMatchmakerDog(db, user.id, petNum);
    if (petNum !== null && !dog) throw new HttpError(403, NOT_AUTHORIZED);
    const query = req.query as Record<string, unknown>;
    const parsed = parseMatchmakerRequest({ ...query, length: req.query.length ?? MATCHMAKER_PAGE_LENGTH });
    const request = { ...parsed, filters: withDogDefaults(parsed.filters, query, dog?.purebredSlug ?? null) };
    const problem = filtersProblem(request.filters);
    const lab = dog && !problem ? await openLab(db, settings.lab) : null;
    const page = dog && lab ? await matchmakerCandidates(db, lab, dog, request) : null;
    if (problem) res.status(400);
    res.render('breeders/matchmaker', {
      title: 'Matchmaker',
      dogs,
      dog: dog ?? null,
      breeds: BREED_OPTIONS,
      filters: request.filters,
      problem,
      request,
      page,
      rows: page && dog ? page.rows.map((row) => tableRow(dog, row)) : [],
      columns: MATCHMAKER_COLUMNS,
      sortOptions: MATCHMAKER_SORT_OPTIONS,
      sortValue: sortOptionValue(request.sort, request.descending),
      widgetProps: dog
        ? { petNum: dog.petNum, pageLength: MATCHMAKER_PAGE_LENGTH, pageLengths: MATCHMAKER_PAGE_LENGTHS, pageLengthLabels: MATCHMAKER_PAGE_LENGTH_LABELS, hasLocation: dog.lngLat !== null }
        : null,
    });
  });

  router.post('/members/breeder-tools/matchmaker-data', requireUser, requireMatchMaker, async (req, res) => {
    const user = signedInUser(req);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const petNum = parseId(body.petNum);
    if (petNum === null) return void res.status(400).json({ error: INVALID_ARGUMENTS });
    const dog = await ownMatchmakerDog(db, user.id, petNum);
    if (!dog) return void res.status(403).json({ error: NOT_AUTHORIZED });
    const parsed = parseMatchmakerRequest(body);
    const request = { ...parsed, filters: withDogDefaults(parsed.filters, body, dog.purebredSlug) };
    const problem = filtersProblem(request.filters);
    if (problem) return void res.status(400).json({ error: problem });
    const page = await matchmakerCandidates(db, await openLab(db, settings.lab), dog, request);
    res.set('cache-control', 'private, no-store').json({
      draw: request.draw,
      recordsTotal: page.recordsTotal,
      recordsFiltered: page.recordsFiltered,
      data: page.rows.map((row) => tableRow(dog, row)),
    });
  });

  return router;
}
