// What the public pages of a dog show (issue 11), loaded from the query modules.
import type { Db } from '../db/index.js';
import { galleryPage, galleryReadFor } from '../media/page-data.js';
import { BREED_MIX, loadBreedMix, type BreedMixView } from '../results/breed-mix.js';
import { readPet } from '../pets/reads.js';
import { DONUT, donutSegments } from '../results/breed-mix-rules.js';
import { GENETIC_STATS_READS, geneticStatsFacts, geneticStatsProps } from '../results/genetic-stats.js';
import { RESULTS_STATUS } from '../results/status.js';
import { relativesRead, relatednessCategoryFor, type StoredRelative } from '../relatives/queries.js';
import { relativeAvatar } from '../shared/relatives-rules.js';
import { compareMixes, type MixComparison } from './comparison.js';
import { LIKES_AND_VIEWS, type PublicDog } from './queries.js';
import { profileViewRecorderOf } from './view-recorder.js';
import { dogDisplayName, dogPath } from './seo.js';

/** Relatives listed on a public profile; the members' relatives page has them all. */
export const PUBLIC_RELATIVES_SHOWN = 12;

export const breedWheel = (breedMix: BreedMixView | null) => (breedMix ? { ...DONUT, segments: donutSegments(breedMix.breeds) } : null);

/** Relatives the owner lets others see (relative finder on), limited to dogs this visitor may see too. */
function visibleRelatives(dog: PublicDog, relatives: StoredRelative[], signedIn: boolean): StoredRelative[] {
  if (!dog.showRelativeFinder) return [];
  return relatives.filter((relative) => signedIn || relative.isPublic).slice(0, PUBLIC_RELATIVES_SHOWN);
}

export async function dogProfilePage(db: Db, dog: PublicDog, viewer: { signedIn: boolean; isOwner: boolean; userId?: number; isReadOnlyView: boolean }) {
  // The public gallery (issue 12): photos and videos only, read-only; signed-in visitors may wag.
  const galleryOptions = { userId: viewer.userId ?? null, canEdit: false, canWag: viewer.userId !== undefined && !viewer.isReadOnlyView, withDocuments: false };
  // The views this process noted are written first, so the count includes them.
  await profileViewRecorderOf(db).flush();
  const { status, breedMix, labStats, statsAgeTest, relatives, counts, gallery } = await readPet(db, dog, {
    status: RESULTS_STATUS,
    breedMix: BREED_MIX,
    ...GENETIC_STATS_READS,
    relatives: relativesRead(null),
    counts: LIKES_AND_VIEWS,
    gallery: galleryReadFor(galleryOptions),
  });
  const { likes, views } = counts;
  return {
    dog,
    displayName: dogDisplayName(dog),
    status,
    breedMix,
    donut: breedWheel(breedMix),
    geneticStats: geneticStatsProps(dog, geneticStatsFacts({ labStats, statsAgeTest }), { isPublic: true }),
    relatives: visibleRelatives(dog, relatives, viewer.signedIn).map((relative) => ({ ...relative, avatar: relativeAvatar(relative) })),
    likes,
    views,
    isOwner: viewer.isOwner,
    gallery: galleryPage(dog, gallery, galleryOptions),
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
