// What the gallery partial and widget get (issue 12 §4): the owner's gallery on the profile results
// page, read-only on the public profile. Data travels once: the widget's props are these rows.
import type { Db } from '../db/index.js';
import { galleryRead, type GalleryItem, type GalleryRows, type MediaRow } from './queries.js';
import { readPet } from '../pets/reads.js';
import { documentUrl, IMAGE_VARIANTS, imageUrl, recordTypeLabel, videoUrl, wagCount, type ImageFormat, type ImageVariant } from '../shared/media-rules.js';
import { extensionOf } from './upload-routes.js';
import type { GalleryProps, GallerySlide, Sources } from '../shared/media-gallery-types.js';

export type { GalleryProps, GallerySlide, Sources } from '../shared/media-gallery-types.js';

export interface DocumentEntry {
  publicId: string;
  name: string;
  href: string;
  editHref: string;
  description: string | null;
  category: string | null;
  recordType: string | null;
  year: number | null;
}

function sources(publicId: string, variant: ImageVariant, rotation: number): Sources {
  const formats = IMAGE_VARIANTS[variant].formats as readonly ImageFormat[];
  return { avif: formats.includes('avif') ? imageUrl(publicId, variant, 'avif', rotation) : null, webp: imageUrl(publicId, variant, 'webp', rotation), jpg: imageUrl(publicId, variant, 'jpg', rotation) };
}

export function slideOf(item: GalleryItem): GallerySlide {
  const isImage = item.mediaType === 'image';
  const turned = item.rotation === 90 || item.rotation === 270;
  return {
    publicId: item.publicId,
    mediaType: isImage ? 'image' : 'video',
    caption: item.caption,
    likes: item.likes,
    likedByUser: item.likedByUser,
    width: turned ? item.height : item.width,
    height: turned ? item.width : item.height,
    thumb: isImage ? sources(item.publicId, 'thumb', item.rotation) : null,
    carousel: isImage ? sources(item.publicId, 'carousel', item.rotation) : null,
    videoUrl: isImage ? null : videoUrl(item.publicId, extensionOf(item.contentType)),
  };
}

function documentEntry(petNum: number, row: MediaRow): DocumentEntry {
  return {
    publicId: row.publicId,
    name: row.originalFileName ?? 'document.pdf',
    href: documentUrl(row.publicId),
    editHref: `/members/doc-upload-succeeded/${petNum}/${row.publicId}/raw`,
    description: row.documentDescription,
    category: row.documentCategory,
    recordType: row.documentRecordType === null ? null : recordTypeLabel(row.documentRecordType),
    year: row.documentYear,
  };
}

export interface GalleryPageOptions {
  userId: number | null;
  canEdit: boolean;
  /** Signed in, and not staff looking through a read-only impersonation. */
  canWag: boolean;
  /** Owners, the vet practice and admins read documents; the public never does. */
  withDocuments: boolean;
}

type GalleryPet = { petNum: number; name: string; callName?: string | null; profileImagePublicId: string | null };

/** The read of a page's gallery (see galleryPage). */
export const galleryReadFor = (options: GalleryPageOptions) => galleryRead(options.userId, options);

export async function galleryForPage(db: Db, pet: GalleryPet, options: GalleryPageOptions) {
  return galleryPage(pet, (await readPet(db, pet.petNum, { gallery: galleryReadFor(options) })).gallery, options);
}

/** What a page shows of a dog's gallery, from its rows (galleryReadFor). */
export function galleryPage(pet: GalleryPet, { items, documents }: GalleryRows, options: GalleryPageOptions) {
  const props: GalleryProps = {
    petNum: pet.petNum,
    petName: pet.callName || pet.name,
    canEdit: options.canEdit,
    canWag: options.canWag,
    profilePublicId: pet.profileImagePublicId,
    slides: items.map(slideOf),
  };
  return {
    props,
    wagCount,
    documents: options.withDocuments ? documents.map((row) => documentEntry(pet.petNum, row)) : null,
    uploadAction: `/members/pet/${pet.petNum}/media`,
  };
}

export type GalleryPage = ReturnType<typeof galleryPage>;
