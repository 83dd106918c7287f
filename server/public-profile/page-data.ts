// What the public pages of a dog show (issue 11), loaded from the query modules.
import type { Db } from '../db/index.js';
import { galleryForPage } from '../media/page-data.js';
import { loadBreedMix, type BreedMixView } from '../results/breed-mix.js';
import { DONUT, donutSegments } from '../results/breed-mix-rules.js';
import { geneticStatsProps } from '../results/genetic-stats.js';
import { resultsStatus } from '../results/status.js';
import { relativesOf, relatednessCategoryFor } from '../relatives/queries.js';
import type { RelativePet } from '../relatives/types.js';
import { relativeAvatar } from '../relatives/rules.js';
import { compareMixes, type MixComparison } from './comparison.js';
import { likesAndViews, type PublicDog } from './queries.js';
import { profileViewRecorderOf } from './view-recorder.js';
import { PageDataCache } from '../results/page-data-cache.js';
import { dogDisplayName, dogPath } from './seo.js';

/** Relatives listed on a public profile; the members' relatives page has them all. */
export const PUBLIC_RELATIVES_SHOWN = 12;

export const breedWheel = (breedMix: BreedMixView | null) => (breedMix ? { ...DONUT, segments: donutSegments(breedMix.breeds) } : null);

/** Relatives the owner lets others see (relative finder on), limited to dogs this visitor may see too. */
async function visibleRelatives(db: Db, dog: PublicDog, signedIn: boolean): Promise<RelativePet[]> {
  if (!dog.showRelativeFinder) return [];
  const relatives = await relativesOf(db, dog.petNum, null);
  if (signedIn || relatives.length === 0) return relatives.slice(0, PUBLIC_RELATIVES_SHOWN);
  const publicHandles = new Set(
    (await db('pets').whereIn('handle', relatives.map((relative) => relative.handle)).where('privacy', 'public').pluck('handle')) as string[],
  );
  return relatives.filter((relative) => publicHandles.has(relative.handle)).slice(0, PUBLIC_RELATIVES_SHOWN);
}

/**
 * The results depend only on the dog and on the visitor being signed in, so they are kept between
 * views while the page-data generation stands (results/page-data-cache.ts); wags, views and the
 * gallery (whose wags are the visitor's) are read on every view.
 */
export async function dogProfilePage(
  db: Db,
  dog: PublicDog,
  viewer: { signedIn: boolean; isOwner: boolean; userId?: number },
  kept?: { cache: PageDataCache; generation: string | undefined },
) {
  const loadResults = async () => {
    const [status, breedMix, geneticStats, relatives] = await Promise.all([
      resultsStatus(db, dog.petNum),
      loadBreedMix(db, dog.petNum),
      geneticStatsProps(db, dog, { isPublic: true }),
      visibleRelatives(db, dog, viewer.signedIn),
    ]);
    return { status, breedMix, geneticStats, relatives };
  };
  const [{ status, breedMix, geneticStats, relatives }, { likes, views }, gallery] = await Promise.all([
    kept ? kept.cache.get(`public:${dog.petNum}:${viewer.signedIn}`, kept.generation, loadResults) : loadResults(),
    profileViewRecorderOf(db).flush().then(() => likesAndViews(db, dog.petNum)),
    // The public gallery (issue 12): photos and videos only, read-only; signed-in visitors may wag.
    galleryForPage(db, dog, { userId: viewer.userId ?? null, canEdit: false, withDocuments: false }),
  ]);
  return {
    dog,
    displayName: dogDisplayName(dog),
    status,
    breedMix,
    donut: breedWheel(breedMix),
    geneticStats,
    relatives: relatives.map((relative) => ({ ...relative, avatar: relativeAvatar(relative) })),
    likes,
    views,
    isOwner: viewer.isOwner,
    gallery,
  };
}

export interface ComparisonSide {
  dog: PublicDog;
  displayName: string;
  href: string;
  breedMix: BreedMixView | null;
}

export async function comparisonSide(db: Db, dog: PublicDog): Promise<ComparisonSide> {
  return { dog, displayName: dogDisplayName(dog), href: dogPath(dog.handle), breedMix: await loadBreedMix(db, dog.petNum) };
}

/** Both mixes compared, or null when either dog has no results yet. */
export function mixComparison(a: ComparisonSide, b: ComparisonSide): MixComparison | null {
  return a.breedMix && b.breedMix ? compareMixes(a.breedMix.breeds, b.breedMix.breeds) : null;
}

/** The stored relationship of two dogs, or null when the lab found none. */
export async function relationshipOf(db: Db, a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const row = await db('relatives').where({ pet_num_a: low, pet_num_b: high }).first('category', 'display_relatedness', 'kinship');
  if (!row) return null;
  return { category: relatednessCategoryFor(row.category), displayRelatedness: row.display_relatedness as string, kinship: Number(row.kinship) };
}
