// Pure rules of the relatives list (spec 2 §4, §9), shared by the widget and the tests.
import type { RelativePet, RelativesResponse } from '../../server/shared/relatives-types';

export type { RelativePet, RelativesResponse };
export {
  RELATIVES_PAGE_SIZE,
  SHOW_MORE_DELAY_MS,
  CLOSE_FAMILY_WARNING_OVER,
  relativesUrl,
  dogProfileHref,
  chatHref,
  publicImageSrc,
  initialShownCount,
  nextShownCount,
  hasMoreRelatives,
  closeFamilyCount,
  closeFamilyWarning,
  sharedDnaPercent,
  gaugeFillHeight,
  topBreedText,
  relatednessText,
  avatarInitial,
  newHandles,
  relativeCardView,
  relativesPreview,
} from '../../server/shared/relatives-rules';
import type { RelativesPreview } from '../../server/shared/relatives-rules';
export type { RelativeCardView, RelativesPreview } from '../../server/shared/relatives-rules';

// ---- Props and response checks ----

export interface RelativesWidgetProps {
  petNum: number;
  /** The first page the server rendered, shown while the list loads. */
  preview?: RelativesPreview;
}

export function parseRelativesProps(raw: Record<string, unknown>): RelativesWidgetProps {
  if (typeof raw.petNum !== 'number' || !Number.isSafeInteger(raw.petNum) || raw.petNum <= 0) throw new TypeError('relatives needs a petNum');
  const preview = raw.preview as RelativesPreview | undefined;
  const isPreview = isObject(preview) && Array.isArray(preview.cards) && typeof preview.total === 'number';
  return isPreview ? { petNum: raw.petNum, preview } : { petNum: raw.petNum };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isRelativePet(value: unknown): value is RelativePet {
  return (
    isObject(value) &&
    typeof value.handle === 'string' &&
    typeof value.displayName === 'string' &&
    typeof value.displayRelatedness === 'string' &&
    isObject(value.relatednessCategory) &&
    typeof value.relatednessCategory.label === 'string'
  );
}

/** The answer of GET /api/relatives/{petNum}, checked; throws on anything else. */
export function checkRelativesResponse(body: unknown): RelativesResponse {
  if (!isObject(body) || !Array.isArray(body.relatedPets) || !Array.isArray(body.newRelatedPets)) throw new Error('Unrecognised relatives response');
  if (!body.relatedPets.every(isRelativePet) || !body.newRelatedPets.every(isRelativePet)) throw new Error('Unrecognised relative in the relatives response');
  return body as unknown as RelativesResponse;
}
