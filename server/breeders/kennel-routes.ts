import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { requireUser, signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import { isReadOnlyImpersonation, READ_ONLY_ACCOUNT_PAGE } from '../impersonation/guard.js';
import { BREEDS } from '../genetics/catalogue/breeds.js';
import { metaDescription, publicImagePath, scriptJson } from '../public-profile/seo.js';
import { requireBreeder } from './dog-settings-routes.js';
import { breedNames, kennelBySlug, kennelProfileOf, publicKennelDogs, saveKennelProfile, SlugTaken } from './kennel-queries.js';
import { kennelFieldErrors, kennelProfileSchema } from './kennel-rules.js';

const PAGE = '/breeders/breeder-profile';
const BREED_OPTIONS = BREEDS.filter((b) => b.isBreederFacing || b.isIdentifiable).map((b) => ({ slug: b.slug, name: b.name })).sort((a, b) => a.name.localeCompare(b.name));
export const kennelPath = (slug: string) => `/kennel/${encodeURIComponent(slug)}`;

async function renderEditor(db: Db, req: Request, res: Response, status: number, extra: { errors?: Record<string, string>; values?: Record<string, unknown>; saved?: boolean } = {}) {
  const user = signedInUser(req);
  const profile = await kennelProfileOf(db, user.id);
  res.status(status).render('breeders/breeder-profile', {
    title: 'Breeder Profile',
    profile: { ...profile, ...(extra.values ?? {}) },
    isPublished: profile.isPublished,
    publicPath: kennelPath(profile.slug),
    breeds: BREED_OPTIONS,
    errors: extra.errors ?? {},
    saved: extra.saved ?? false,
    readOnly: user.isReadOnly || isReadOnlyImpersonation(req),
  });
}

/**
 * The kennel profile (issue 14): /breeders/breeder-profile for the breeder to edit (name, the header
 * title; description, location, breeds, website and social links) and /kennel/{slug}, the public
 * page listing the kennel's public dogs, indexed like a public dog profile.
 */
export function kennelRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  router.get(PAGE, requireUser, requireBreeder, (req, res) => renderEditor(db, req, res, 200, { saved: req.query.saved === '1' }));
  router.post(PAGE, requireUser, requireBreeder, async (req, res) => {
    const user = signedInUser(req);
    if (user.isReadOnly) return res.redirect(303, READ_ONLY_ACCOUNT_PAGE);
    const parsed = kennelProfileSchema.safeParse(req.body ?? {});
    const values = {
      kennelName: req.body?.kennelName, slug: req.body?.slug, description: req.body?.description, location: req.body?.location,
      breeds: ([] as unknown[]).concat(req.body?.breeds ?? []), website: req.body?.website, instagramUrl: req.body?.instagramUrl, facebookUrl: req.body?.facebookUrl,
    };
    const strings = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key === 'breeds' ? (value as unknown[]).filter((v) => typeof v === 'string') : typeof value === 'string' ? value : '']));
    if (!parsed.success) return renderEditor(db, req, res, 400, { errors: kennelFieldErrors(parsed.error), values: strings });
    try {
      await saveKennelProfile(db, user.id, parsed.data);
    } catch (error) {
      if (error instanceof SlugTaken) return renderEditor(db, req, res, 400, { errors: { slug: 'Another kennel already uses this address' }, values: strings });
      throw error;
    }
    res.redirect(303, `${PAGE}?saved=1`);
  });

  router.get('/kennel/:slug', async (req: Request<{ slug: string }>, res: Response) => {
    const slug = req.params.slug;
    const kennel = /^[a-z0-9][a-z0-9-]{1,62}$/i.test(slug) ? await kennelBySlug(db, slug) : undefined;
    if (!kennel) throw new HttpError(404, 'Page not found');
    const dogs = await publicKennelDogs(db, kennel.userId);
    const canonicalUrl = `${settings.baseUrl}${kennelPath(kennel.slug)}`;
    const description = metaDescription(kennel.description || `${kennel.kennelName}: DNA-tested dogs on Embark.`);
    // the preview shows one of the kennel's dogs, a photo if one has it
    const shown = dogs.find((dog) => dog.avatar.imageUrl) ?? dogs[0];
    const meta = {
      description,
      canonicalUrl,
      imageUrl: shown ? `${settings.baseUrl}${publicImagePath(shown.handle)}` : null,
      indexable: true,
      jsonLd: scriptJson({ '@context': 'https://schema.org', '@type': 'ProfilePage', url: canonicalUrl, name: kennel.kennelName, description, mainEntity: { '@type': 'Organization', name: kennel.kennelName, url: kennel.website ?? canonicalUrl } }),
    };
    res.set('Cache-Control', req.currentUser ? 'private, no-cache' : 'public, no-cache');
    res.render('breeders/kennel', {
      title: kennel.kennelName,
      description,
      noindex: false,
      meta,
      kennel,
      breedNames: breedNames(kennel.breeds),
      dogs,
      chatHref: dogs.length > 0 ? `/members/chat?to=${encodeURIComponent(dogs[0].handle)}` : null,
      isOwner: req.currentUser?.id === kennel.userId,
    });
  });
  return router;
}
