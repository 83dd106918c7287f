import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import type { Db } from './db/index.js';
import type { Settings } from './settings.js';
import { sessionMiddleware } from './auth/session.js';
import { loadCurrentUser } from './auth/current-user.js';
import { requireUser } from './auth/guards.js';
import { HttpError } from './http/http-error.js';
import { isClientAbort } from './http/client-abort.js';
import { authRoutes } from './auth/routes.js';
import { csrfErrorHandler, csrfProtection } from './security/csrf.js';
import { securityHeaders } from './security/headers.js';
import { buildShell, shellContext } from './shell/context.js';
import { impersonationRoutes } from './impersonation/routes.js';
import { guardImpersonatedWrites } from './impersonation/guard.js';
import { graphqlRoute, refuseBatches } from './graphql/route.js';
import { memberPageRoutes } from './pages/routes.js';
import { adminRoutes } from './admin/routes.js';
import { serialScanningRoutes } from './admin/serial-scanning/routes.js';
import { surveysAdminRoutes } from './admin/surveys-page.js';
import { publicProfileRoutes } from './public-profile/routes.js';
import { resultsRoutes } from './pages/results-routes.js';
import { nutritionRoutes } from './nutrition/routes.js';
import { messagesApiRoutes } from './chat/api-routes.js';
import { relativesApiRoutes } from './relatives/api-routes.js';
import { usageRoutes } from './usage/routes.js';
import { chatApiRoutes, chatRoutes } from './chat/routes.js';
import { rawDataRoutes } from './lab/raw-data-routes.js';
import { labAdminRoutes, labUploadParser, UPLOAD_PATH } from './lab/admin-routes.js';
import { petProfileRoutes } from './pet-profile/routes.js';
import { activationRoutes } from './activation/routes.js';
import { accountSettingsRoutes } from './account-settings/routes.js';
import { passwordChangeRoutes } from './account-settings/password-routes.js';
import { passwordResetRoutes } from './auth/password-reset-routes.js';
import { outboxAdminRoutes } from './outbox/admin-routes.js';
import { placesApiRoutes } from './places/routes.js';
import { wantsJson } from './http/negotiation.js';
import { etagExceptPages } from './http/etag.js';
import { compressAnswers } from './http/compress.js';
import { resultsCacheStats } from './pets/reads.js';
import { longDate, shortDate } from './shared/date-text.js';
import { siteAssetRoutes } from './content/assets.js';
import { contentPageRoutes } from './content/routes.js';
import { breederRoutes } from './breeders/routes.js';
import { vetReportRoutes } from './vets/report-routes.js';
import { vetShareRoutes } from './vets/share-routes.js';
import { transferRoutes } from './vets/transfer-routes.js';
import { vetPageRoutes } from './vets/page-routes.js';
import { vetSignupRoutes } from './vets/signup-routes.js';
import { refuseControlCharacters } from './http/text-input.js';
import { httpLogger } from './logging/http-logger.js';
import { configureLogger, logger } from './logging/logger.js';
import { INTERNAL_SERVER_ERROR, INVALID_ARGUMENTS } from './shared/messages.js';
import { chatEvents as createChatEvents, type ChatEvents } from './chat/events.js';
import { assetResolver, BUILD_DIR, HASHED_FILE } from './assets/manifest.js';
import { MEDIA_UPLOAD_PATH, mediaUploadParser, mediaUploadRoutes } from './media/upload-routes.js';
import { mediaFileRoutes } from './media/serve-routes.js';
import { galleryActionRoutes, mediaLikeRoutes } from './media/gallery-routes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppDependencies {
  db: Db;
  settings: Settings;
  /** Live chat updates; by default the app listens on the database itself (app.locals.chatEvents). */
  chatEvents?: ChatEvents;
}

export function createApp({ db, settings, chatEvents = createChatEvents(db) }: AppDependencies): Express {
  configureLogger(settings);
  const app = express();
  app.locals.chatEvents = chatEvents;
  app.set('views', path.join(root, 'views'));
  app.set('view engine', 'ejs');
  // Views include by absolute names ('/partials/top'), resolved from here without looking on disk:
  // EJS checks a relative include with existsSync on every render.
  app.set('view options', { root: path.join(root, 'views') });
  app.set('trust proxy', settings.trustProxy);
  app.disable('x-powered-by');
  app.set('etag', etagExceptPages);
  // Compiling templates on every request costs more than the rest of a page; only development edits them live.
  if (settings.nodeEnv !== 'development') app.enable('view cache');

  app.locals.asset = assetResolver({ followRebuilds: settings.nodeEnv === 'development' });
  app.locals.longDate = longDate;
  app.locals.shortDate = shortDate;

  app.use(httpLogger());
  if (settings.compression) app.use(compressAnswers());
  app.use(securityHeaders(settings));
  app.use(siteAssetRoutes(root, settings));
  // A hashed file's content never changes under its name: browsers may keep it for a year.
  app.use('/static/build', express.static(BUILD_DIR, { index: false, setHeaders: (res, file) => {
    res.setHeader('Cache-Control', HASHED_FILE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  } }));
  app.use('/static', express.static(path.join(root, 'static'), { maxAge: settings.isProduction ? '1d' : 0, index: false }));
  app.get('/healthz', async (_req, res) => {
    await db.raw('select 1');
    // how often a dog's results were read from memory (pets/reads.ts): the benchmark prints it
    res.json({ status: 'ok', resultsCache: resultsCacheStats(db) });
  });

  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(express.json({ limit: '100kb' }));
  app.use(cookieParser());
  app.use(sessionMiddleware(db, settings));
  app.post(UPLOAD_PATH, ...labUploadParser(db));
  app.post(MEDIA_UPLOAD_PATH, ...mediaUploadParser(db));
  app.use(csrfProtection({ secureCookie: settings.secureCookies }));
  app.use(loadCurrentUser(db));
  app.use(usageRoutes(settings)); // before the impersonation guard: a page view is not a write
  app.use(guardImpersonatedWrites(db));
  app.use(refuseControlCharacters); // after the CSRF check and the read-only guard, which refuse first

  app.post('/graphql', refuseBatches, graphqlRoute(db, settings));
  app.use('/api/messages', requireUser, messagesApiRoutes(db));
  app.use('/api/relatives', requireUser, relativesApiRoutes(db));
  app.use('/api/places', requireUser, placesApiRoutes(db, settings));
  app.use('/api/media-likes', requireUser, mediaLikeRoutes(db));
  app.use(mediaFileRoutes(db, settings)); // before the shell: a picture needs no header counts
  // the chat's JSON calls need none either (/members/chat itself is the Messages page, below)
  const chatApi = express.Router();
  chatApi.use('/members/chat', (req, _res, next) => next(req.path === '/' ? 'router' : undefined), chatApiRoutes(db, chatEvents));
  app.use(chatApi);

  app.use(shellContext(db, settings));
  app.use(authRoutes(db));
  app.use(passwordResetRoutes(db));
  app.use(impersonationRoutes(db));
  app.use(contentPageRoutes(settings));
  app.use(breederRoutes(db, settings));
  app.use(publicProfileRoutes(db, settings));
  app.use(adminRoutes(db));
  app.use(serialScanningRoutes(db));
  app.use(surveysAdminRoutes(db));
  app.use(labAdminRoutes(db, settings));
  app.use(outboxAdminRoutes(db));
  app.use('/members', chatRoutes(db));
  app.use(vetReportRoutes(db)); // before requireUser: the report link's token is its key
  app.use(transferRoutes(db));
  app.use(vetSignupRoutes(db));
  app.use('/members', requireUser);
  app.use('/members/results', resultsRoutes(db, settings));
  app.use('/members', rawDataRoutes(db, settings));
  app.use('/members', mediaUploadRoutes(db, settings));
  app.use('/members', galleryActionRoutes(db, settings));
  app.use('/members', nutritionRoutes(db));
  app.use('/members', petProfileRoutes(db, settings));
  app.use('/members', passwordChangeRoutes(db));
  app.use('/members', accountSettingsRoutes(db, settings));
  app.use('/members', activationRoutes(db));
  app.use('/members', vetShareRoutes(db));
  app.use('/members', vetPageRoutes(db, settings.links.shop)); // before memberPageRoutes: a vet's /members is the practice dashboard
  app.use('/members', memberPageRoutes(db));

  app.use(notFound);
  app.use(csrfErrorHandler);
  app.use(errorHandler(db, settings));
  return app;
}

const notFound: RequestHandler = (_req, _res, next) => next(new HttpError(404, 'Page not found'));

function errorHandler(db: Db, settings: Settings): ErrorRequestHandler {
  return async (error, req, res, _next) => {
    const known = error instanceof HttpError;
    const status = known ? error.status : typeof error?.status === 'number' && error.status < 500 ? error.status : 500;
    // a body that cannot be read (malformed JSON, a wrong Content-Encoding) gets the spec's words, not the parser's
    const message = known ? String(error.message) : status === 400 ? INVALID_ARGUMENTS : status < 500 ? String(error.message) : INTERNAL_SERVER_ERROR;
    // the request line says 'aborted' (http-logger.ts); the parser's detail is for debugging only
    if (isClientAbort(error, req)) return logger.debug({ err: error, reqId: req.id }, 'request aborted by the client');
    if (status >= 500) logger.error({ err: error, reqId: req.id }, 'request failed');
    if (res.headersSent) return;
    res.status(status);
    if (wantsJson(req)) return res.json({ error: message });
    // Errors raised before the shell loaded (bad input at the edge, guards) still get a full page.
    if (!res.locals.shell) {
      try {
        res.locals.shell = await buildShell(db, settings, req);
      } catch {
        return res.type('text/plain').send(message);
      }
    }
    res.render('error', { title: message, heading: status === 404 ? 'Not found' : message, message }, (renderError, html) => {
      if (renderError) return res.type('text/plain').send(message);
      res.send(html);
    });
  };
}
