// Pure rules of the gallery widget (spec 1 §4 gallery like and actions), shared with the tests.
import type { GalleryProps, GallerySlide, Sources } from '../../server/shared/media-gallery-types';
import { imageUrl, IMAGE_VARIANTS, wagCount, type ImageFormat } from '../../server/shared/media-rules';

export type { GalleryProps, GallerySlide, Sources };
export { wagCount };

/** spec 1 §9: a picture that failed to load is tried again after 5 s. */
export const IMAGE_RETRY_MS = 5000;

export interface WagState {
  liked: boolean;
  count: number;
}

/** spec 1 §4: liking sets liked and adds one at once; unliking only when liked and the count is at least 1. */
export function toggledWag(state: WagState): { next: WagState; action: 'add' | 'delete' } | null {
  if (!state.liked) return { next: { liked: true, count: state.count + 1 }, action: 'add' };
  if (state.count < 1) return null;
  return { next: { liked: false, count: state.count - 1 }, action: 'delete' };
}

/** The answer the server must give for the wag to stand; anything else reverts it. */
export const expectedWagAnswer = (action: 'add' | 'delete') => (action === 'add' ? 'added' : 'deleted');

export const likeUrl = (action: 'add' | 'delete', mediaType: string, publicId: string) => `/api/media-likes/${action}/${mediaType}?publicId=${encodeURIComponent(publicId)}`;
export const rotateUrl = (petNum: number, publicId: string) => `/members/pet-rotate/image/${petNum}?publicId=${encodeURIComponent(publicId)}&isAjax=true`;
export const deleteUrl = (petNum: number, mediaType: string, publicId: string) => `/members/pet-delete/${mediaType}/${petNum}?publicId=${encodeURIComponent(publicId)}&isAjax=true`;
export const profilePictureUrl = (petNum: number, action: 'EDIT' | 'DELETE', publicId: string) => `/members/change-pet-profile-pic/${petNum}?action=${action}&publicId=${encodeURIComponent(publicId)}&isAjax=true`;

/** The slide's image addresses after a rotation; `bust` makes the browser fetch again even when the angle repeats. */
export function rotatedSlide(slide: GallerySlide, rotation: number, bust: number): GallerySlide {
  const version = (variant: 'thumb' | 'carousel'): Sources => {
    const url = (format: ImageFormat) => `${imageUrl(slide.publicId, variant, format)}?v=${rotation}-${bust}`;
    return { avif: (IMAGE_VARIANTS[variant].formats as readonly string[]).includes('avif') ? url('avif') : null, webp: url('webp'), jpg: url('jpg') };
  };
  return { ...slide, thumb: version('thumb'), carousel: version('carousel'), width: slide.height, height: slide.width };
}

export function parseGalleryProps(raw: Record<string, unknown>): GalleryProps {
  if (typeof raw.petNum !== 'number' || !Array.isArray(raw.slides) || typeof raw.petName !== 'string') throw new Error('gallery: petNum, petName and slides are required');
  return raw as unknown as GalleryProps;
}
