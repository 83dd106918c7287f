// The public face of the site (issue 11): dog profiles, pairs of dogs, counts, image and sitemaps.
// Every handler decides visibility with dogForViewer; an invisible dog is the same 404 as an unknown one.
import { createHash, randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { profileViewRecorderOf } from './view-recorder.js';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { HttpError } from '../http/http-error.js';
import { listOwnedPets } from '../pets/list.js';
import { likenessScores, pairKey } from '../relatives/likeness.js';
import { MIX_COMPARISON_ERROR, MIX_COMPARISON_HANDLE_REQUIRED, MIX_COMPARISON_UNKNOWN_DOG } from '../shared/messages.js';
import { avatarPng } from './avatar.js';
import { mediaStoreFor } from '../media/store.js';
import { comparisonSide, dogProfilePage, mixComparison, relationshipOf } from './page-data.js';
import { dogForViewer, isOwnerOf, profileViewCount, totalLikes, visitorKey, type PublicDog } from './queries.js';
import { dogPageMeta, dogPath } from './seo.js';
import { robotsTxt, sitemapDogs, sitemapFiles, sitemapIndexXml, sitemapXml } from './sitemap.js';
import { isIndexable, normaliseHandle } from './visibility.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';

const PAGE_NOT_FOUND = 'Page not found';
const PUBLIC_PAGE_MAX_AGE_S = 60;
// Pages of an earlier start (templates, assets) never match: a restart is a new deployment.
const DEPLOYMENT = randomUUID();

/** A weak ETag of what a page shows: its data, for this deployment's templates. */
const pageValidator = (locals: object) => `W/"${createHash('sha1').update(DEPLOYMENT).update(JSON.stringify(locals)).digest('base64url')}"`;
const notFound = () => new HttpError(404, PAGE_NOT_FOUND);
const today = () => new Date().toISOString().slice(0, 10);

/** The dog behind a route's handle if this visitor may see it; else the 404 every unknown handle gets. */
async function visibleDog(db: Db, req: Request, raw: unknown, { allowSignIn = false } = {}) {
  const handle = normaliseHandle(raw);
  const found = handle ? await dogForViewer(db, handle, req.currentUser) : undefined;
  if (!found || found.visibility === 'notFound') throw notFound();
  if (found.visibility === 'signIn' && !allowSignIn) throw notFound();
  return found;
}

/**
 * Issue 11 §6: a signed-out visitor of a public page gets no cookie (these pages have no form to
 * protect), so crawlers leave nothing behind and shared caches may keep the page.
 */
const noAnonymousCookies: RequestHandler = (req, res, next) => {
  if (!req.currentUser) dropCookies(res);
  next();
};

function dropCookies(res: Response) {
  res.removeHeader('Set-Cookie');
  res.locals.csrfToken = '';
}

export function publicProfileRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  const views = profileViewRecorderOf(db);
  // A signed-out visitor's key is an HMAC of address and browser: worked out once per visitor, not per view.
  const anonymousKeys = new Map<string, string>();
  const visitorKeyOf = (req: Request) => {
    const visitor = { userId: req.currentUser?.id, ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
    if (visitor.userId) return visitorKey(settings.sessionSecret, visitor);
    const seen = `${visitor.ip}\n${visitor.userAgent}`;
    let key = anonymousKeys.get(seen);
    if (!key) {
      if (anonymousKeys.size >= 10_000) anonymousKeys.clear();
      anonymousKeys.set(seen, (key = visitorKey(settings.sessionSecret, visitor)));
    }
    return key;
  };
  const countView = (req: Request, dog: PublicDog) => views.record({ petNum: dog.petNum, visitorKey: visitorKeyOf(req), date: today() });
  router.get(['/dog/:handle', '/related/:dogAHandle/:handle', '/getpublicpetimg/:handle', '/api/total-number-of-likes/:handle', '/api/public-profile-view-count/:handle', '/api/mix-match-comparison-fragment/:handle', '/robots.txt', '/sitemap.xml', '/sitemaps/:file'], noAnonymousCookies);

  router.get('/dog/:handle', async (req: Request<{ handle: string }>, res: Response) => {
    const { dog, visibility, viewerIsOwner } = await visibleDog(db, req, req.params.handle, { allowSignIn: true });
    if (visibility === 'signIn') {
      res.status(200).render('public/members-only', { title: 'Sign in to see this dog', noindex: true, returnTo: dogPath(dog.handle) });
      return;
    }
    const page = await dogProfilePage(db, dog, { signedIn: Boolean(req.currentUser), isOwner: viewerIsOwner, userId: req.currentUser?.id, isReadOnlyView: isReadOnlyImpersonation(req) });
    const asked = await comparisonFromQuery(db, req, dog);
    const compare = asked && 'compare' in asked ? asked.compare : null;
    const ownDogs = req.currentUser ? (await listOwnedPets(db, req.currentUser.id, { sortBy: 'NAME' })).filter((own) => own.petNum !== dog.petNum) : [];
    const meta = dogPageMeta(settings.baseUrl, dog, page.breedMix, isIndexable(dog, page.status.hasResults));
    res.set('Cache-Control', req.currentUser ? 'private, no-cache' : 'public, no-cache');
    const locals = {
      title: page.displayName,
      description: meta.description,
      noindex: !meta.indexable,
      meta,
      ...page,
      compare,
      compareProblem: asked && 'problem' in asked ? asked.problem : null,
      compareMixValue: typeof req.query.compareMix === 'string' ? req.query.compareMix : '',
      ownDogs: ownDogs.map((own) => ({ handle: own.handle, name: own.name })),
      shopUrl: settings.links.shop,
    };
    if (!viewerIsOwner) countView(req, dog);
    if (!req.currentUser && !asked) {
      // What every signed-out visitor sees: a proxy or CDN may keep it a minute, and asks again
      // with the page's validator, which answers 304 without rendering when nothing shown changed.
      res.set('Cache-Control', `public, max-age=${PUBLIC_PAGE_MAX_AGE_S}`);
      res.set('ETag', pageValidator(locals));
      if (req.fresh) {
        // the kept page carries its own nonce: a new policy would be merged into its headers
        res.removeHeader('Content-Security-Policy');
        return res.status(304).end();
      }
    }
    res.render('public/dog', locals);
  });

  router.get('/related/:dogAHandle/:handle', async (req: Request<{ dogAHandle: string; handle: string }>, res: Response) => {
    const [a, b] = await Promise.all([visibleDog(db, req, req.params.dogAHandle), visibleDog(db, req, req.params.handle)]);
    const [sideA, sideB, relationship] = await Promise.all([comparisonSide(db, a.dog), comparisonSide(db, b.dog), relationshipOf(db, a.dog.petNum, b.dog.petNum)]);
    res.render('public/related', {
      title: `${sideA.displayName} and ${sideB.displayName}`,
      noindex: true,
      a: sideA,
      b: sideB,
      relationship,
      comparison: mixComparison(sideA, sideB),
    });
  });

  router.get('/dogs-like-mine/:ownHandle/:otherHandle', async (req: Request<{ ownHandle: string; otherHandle: string }>, res: Response) => {
    if (!req.currentUser) return res.redirect('/login');
    const own = await visibleDog(db, req, req.params.ownHandle);
    if (!own.viewerIsOwner && !req.currentUser.isAdmin) throw notFound();
    const other = await visibleDog(db, req, req.params.otherHandle);
    const [sideA, sideB, scores] = await Promise.all([
      comparisonSide(db, own.dog),
      comparisonSide(db, other.dog),
      likenessScores(db, [{ ownPetNum: own.dog.petNum, otherPetNum: other.dog.petNum }]),
    ]);
    res.render('public/dogs-like-mine', {
      title: `${sideA.displayName} and ${sideB.displayName}`,
      noindex: true,
      a: sideA,
      b: sideB,
      likenessScore: scores.get(pairKey({ ownPetNum: own.dog.petNum, otherPetNum: other.dog.petNum })) ?? null,
      comparison: mixComparison(sideA, sideB),
    });
  });

  router.get('/getpublicpetimg/:handle', async (req: Request<{ handle: string }>, res: Response) => {
    const { dog } = await visibleDog(db, req, req.params.handle);
    res.set('Cache-Control', dog.privacy === 'public' ? 'public, max-age=300' : 'private, max-age=300');
    // The profile picture when the dog has one (issue 12), else its letter avatar.
    const picture = dog.profileImagePublicId ? await mediaStoreFor(settings.media).get(`${dog.profileImagePublicId}/thumb.jpg`).catch(() => null) : null;
    if (picture) {
      res.type(picture.contentType).set('Content-Length', String(picture.size));
      picture.body.pipe(res);
      return;
    }
    res.type('image/png').send(await avatarPng(dog.name, dog.avatarColorIndex));
  });

  router.get('/api/total-number-of-likes/:handle', async (req: Request<{ handle: string }>, res: Response) => {
    const { dog } = await visibleDog(db, req, req.params.handle);
    res.json({ totalNumberOfLikes: await totalLikes(db, dog.petNum) });
  });

  router.get('/api/public-profile-view-count/:handle', async (req: Request<{ handle: string }>, res: Response) => {
    const { dog } = await visibleDog(db, req, req.params.handle);
    await views.flush();
    res.json({ publicProfileViewCount: await profileViewCount(db, dog.petNum) });
  });

  router.get('/api/mix-match-comparison-fragment/:handle', async (req: Request<{ handle: string }>, res: Response) => {
    let asked: MixComparisonAsked | null;
    try {
      const { dog } = await visibleDog(db, req, req.params.handle);
      // no compareMix at all is a malformed call (the form always sends it), not a blank handle
      asked = (await comparisonFromQuery(db, req, dog)) ?? { status: 404, problem: MIX_COMPARISON_ERROR };
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      if (status >= 500) throw error;
      asked = { status, problem: MIX_COMPARISON_ERROR };
    }
    res.set('Cache-Control', 'no-cache');
    if ('compare' in asked) return res.render('public/mix-match-fragment', { compare: asked.compare });
    res.status(asked.status).render('public/mix-match-problem', { problem: asked.problem });
  });

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(robotsTxt(settings.baseUrl));
  });

  router.get('/sitemap.xml', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('application/xml').send(sitemapIndexXml(settings.baseUrl, await sitemapFiles(db)));
  });

  router.get('/sitemaps/dogs-:file.xml', async (req: Request<{ file: string }>, res: Response) => {
    const file = /^\d{1,6}$/.test(req.params.file) ? Number(req.params.file) : -1;
    if (file < 0) throw notFound();
    const dogs = await sitemapDogs(db, file);
    if (dogs.length === 0) throw notFound();
    res.set('Cache-Control', 'public, max-age=3600').type('application/xml').send(sitemapXml(settings.baseUrl, dogs));
  });

  return router;
}

type MixComparisonAsked = { compare: Awaited<ReturnType<typeof comparedWith>> } | { status: number; problem: string };

/**
 * ?compareMix={otherHandle}: null when not asked; else the comparison with `dog`, or why there is
 * none. An unseen dog reads as an unknown one, so handles of private dogs cannot be probed.
 */
async function comparisonFromQuery(db: Db, req: Request, dog: PublicDog): Promise<MixComparisonAsked | null> {
  const raw = req.query.compareMix;
  if (raw === undefined) return null;
  if (typeof raw === 'string' && raw.trim() === '') return { status: 400, problem: MIX_COMPARISON_HANDLE_REQUIRED };
  const handle = normaliseHandle(raw);
  const found = handle ? await dogForViewer(db, handle, req.currentUser) : undefined;
  if (!found || found.visibility !== 'show') return { status: 404, problem: MIX_COMPARISON_UNKNOWN_DOG };
  const compare = await comparedWith(db, req, dog, found.dog);
  return compare ? { compare } : { status: 404, problem: MIX_COMPARISON_ERROR };
}

/** The two mixes side by side; null when either dog has none yet. */
async function comparedWith(db: Db, req: Request, dog: PublicDog, other: PublicDog) {
  const [a, b] = await Promise.all([comparisonSide(db, dog), comparisonSide(db, other)]);
  const comparison = mixComparison(a, b);
  if (!comparison) return null;
  const viewerOwnsOther = req.currentUser ? await isOwnerOf(db, other.petNum, req.currentUser.id) : false;
  return { a, b, comparison, likenessHref: viewerOwnsOther ? `/dogs-like-mine/${encodeURIComponent(other.handle)}/${encodeURIComponent(dog.handle)}` : null };
}
