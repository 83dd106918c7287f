// /admin and the admin data tables (spec 1 §2, §5, §7, §8, §9; issue 16 points 1 and 2).
import { Router, type Request } from 'express';
import type { Db } from '../db/index.js';
import { setMatchmakerPermission } from './matchmaker-permission.js';
import { requireAdmin } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { wantsJson } from '../http/negotiation.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { ADMIN_LIMIT_HIT, ADMIN_NO_RESULTS, ADMIN_SEARCH_EMPTY, ADMIN_SEARCH_FIRST, ADMIN_SEARCH_TOO_LONG, adminCountText } from '../shared/admin-messages.js';
import { adminHomeCounts } from './home-counts.js';
import { searchAdminTable, type AdminSearchResult } from './data-table-queries.js';
import { ADMIN_TABLES, isAdminTable, isSearchProblem, parseAdminSearch, type SearchProblem } from '../shared/admin-search-rules.js';
import { ADMIN_TABLE_DEFINITIONS, cellHref, matchmakerReturnPath, matchmakerToggle } from '../shared/admin-table-columns.js';

const PROBLEM_TEXT: Record<SearchProblem, string> = {
  empty: ADMIN_SEARCH_EMPTY,
  'too-long': ADMIN_SEARCH_TOO_LONG,
  'not-text': INVALID_ARGUMENTS,
};

/** The search value the page shows back in its box: only a plain string of sane length. */
function shownSearch(req: Request): string {
  const raw = req.query.searchParam;
  return typeof raw === 'string' && raw.length <= 200 ? raw : '';
}

export function adminRoutes(db: Db): Router {
  const router = Router();

  router.get('/admin', requireAdmin, async (_req, res) => {
    res.render('admin/home', {
      title: 'Admin',
      counts: await adminHomeCounts(db),
      countText: adminCountText,
      tables: ADMIN_TABLES.map((name) => ({ name, title: ADMIN_TABLE_DEFINITIONS[name].title })),
    });
  });

  // spec 1 §7: the page asks its own route for JSON (Accept: application/json, ?searchParam=).
  router.get('/admin/data-table/:table', requireAdmin, async (req, res) => {
    const table = String(req.params.table);
    if (!isAdminTable(table)) throw new HttpError(404, 'No such table');
    const hasSearch = req.query.searchParam !== undefined;
    const search = parseAdminSearch(req.query.searchParam);
    if (wantsJson(req)) {
      if (isSearchProblem(search)) throw new HttpError(400, PROBLEM_TEXT[search]);
      res.json(await searchAdminTable(db, table, search));
      return;
    }
    let result: AdminSearchResult | null = null;
    let problem: string | null = null;
    if (hasSearch) {
      if (isSearchProblem(search)) problem = PROBLEM_TEXT[search];
      else result = await searchAdminTable(db, table, search);
    }
    if (problem) res.status(400);
    const definition = ADMIN_TABLE_DEFINITIONS[table];
    res.render('admin/data-table', {
      title: definition.title,
      table,
      definition,
      searchParam: shownSearch(req),
      result,
      problem,
      tables: ADMIN_TABLES.map((name) => ({ name, title: ADMIN_TABLE_DEFINITIONS[name].title })),
      cellHref,
      matchmakerToggle,
      limitHitText: ADMIN_LIMIT_HIT,
      noResultsText: ADMIN_NO_RESULTS,
      searchFirstText: ADMIN_SEARCH_FIRST,
    });
  });

  // The users table's Matchmaker button: showMatchMaker on ("true") or off ("false"), then back to the admin's search at that user's row.
  router.post('/admin/users/:userId/matchmaker', requireAdmin, async (req, res) => {
    const userId = Number(req.params.userId);
    const value = req.body?.showMatchMaker;
    if (!/^[1-9][0-9]{0,9}$/.test(String(req.params.userId)) || userId > 2_147_483_647 || (value !== 'true' && value !== 'false' && typeof value !== 'boolean')) {
      throw new HttpError(400, INVALID_ARGUMENTS);
    }
    const allowed = value === true || value === 'true';
    if (!(await setMatchmakerPermission(db, req, userId, allowed))) throw new HttpError(404, 'No such user');
    if (wantsJson(req)) res.json({ userId, showMatchMaker: allowed });
    else res.redirect(303, matchmakerReturnPath(userId, req.body?.searchParam));
  });

  return router;
}
