// The gallery widget's props (issue 12 §4), built by server/media/page-data.ts.
import type { PhotoFormat } from './media-rules.js';

export type Sources = Record<PhotoFormat, string | null>;

export interface GallerySlide {
  publicId: string;
  mediaType: 'image' | 'video';
  caption: string | null;
  likes: number;
  likedByUser: boolean;
  width: number | null;
  height: number | null;
  /** Image variants by format (AVIF and WebP first, JPEG the fallback); null for a video. */
  thumb: Sources | null;
  carousel: Sources | null;
  videoUrl: string | null;
}

export interface GalleryProps {
  petNum: number;
  petName: string;
  canEdit: boolean;
  /** Signed-in readers may wag; the signed-out public may only look. */
  canWag: boolean;
  profilePublicId: string | null;
  slides: GallerySlide[];
}
