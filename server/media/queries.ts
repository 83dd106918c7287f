// The gallery's rows: media of a dog, wags, captions, rotation, profile picture, and the queue of
// files to delete from the media store.
import type { Db } from '../db/index.js';
import type { JsonRow } from '../db/read-together.js';
import { byPet, petNumIn, type PetRead, readPet } from '../pets/reads.js';
import type { DocumentInfo, MediaType } from '../shared/media-rules.js';

export interface MediaRow {
  id: number;
  petNum: number;
  mediaType: MediaType;
  publicId: string;
  resourceType: 'image' | 'video' | 'raw';
  phash: string | null;
  caption: string | null;
  isGallery: boolean;
  rotation: number;
  contentType: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  originalFileName: string | null;
  documentDescription: string | null;
  documentCategory: string | null;
  documentRecordType: string | null;
  documentYear: number | null;
  createdAt: Date;
}

const COLUMNS = {
  id: 'media.id',
  petNum: 'media.pet_num',
  mediaType: 'media.media_type',
  publicId: 'media.public_id',
  resourceType: 'media.resource_type',
  phash: 'media.phash',
  caption: 'media.caption',
  isGallery: 'media.is_gallery',
  rotation: 'media.rotation',
  contentType: 'media.content_type',
  width: 'media.width',
  height: 'media.height',
  bytes: 'media.bytes',
  originalFileName: 'media.original_file_name',
  documentDescription: 'media.document_description',
  documentCategory: 'media.document_category',
  documentRecordType: 'media.document_record_type',
  documentYear: 'media.document_year',
  createdAt: 'media.created_at',
};

export interface NewMedia {
  petNum: number;
  uploadedByUserId: number | null;
  mediaType: MediaType;
  publicId: string;
  resourceType: 'image' | 'video' | 'raw';
  phash: string | null;
  isGallery: boolean;
  contentType: string;
  width: number | null;
  height: number | null;
  bytes: number;
  originalFileName: string | null;
}

/** Stores an upload; with `asProfilePicture` it becomes the dog's profile picture in the same transaction. */
/** How long an upload's files may wait for their row before the sweeper takes them for a crash's leftovers. */
export const UPLOAD_FOLDER_GRACE = "interval '1 hour'";

/**
 * Records the folder an upload is about to write, due for sweeping after UPLOAD_FOLDER_GRACE unless
 * insertMedia takes the record back: files a crashed upload wrote are not kept with no row naming them.
 */
export async function reserveUploadFolder(db: Db, publicId: string): Promise<void> {
  await db('media_file_deletions').insert({ public_id: publicId, due_at: db.raw(`now() + ${UPLOAD_FOLDER_GRACE}`) });
}

/** The media row, and the upload's folder taken off the sweeper's list, in one transaction. */
export async function insertMedia(db: Db, media: NewMedia, { asProfilePicture = false } = {}): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('media_file_deletions').where({ public_id: media.publicId }).delete();
    await trx('media').insert({
      pet_num: media.petNum,
      uploaded_by_user_id: media.uploadedByUserId,
      media_type: media.mediaType,
      public_id: media.publicId,
      resource_type: media.resourceType,
      phash: media.phash,
      is_gallery: media.isGallery,
      content_type: media.contentType,
      width: media.width,
      height: media.height,
      bytes: media.bytes,
      original_file_name: media.originalFileName,
    });
    if (asProfilePicture) await trx('pets').where({ pet_num: media.petNum }).update({ profile_image_public_id: media.publicId, updated_at: trx.fn.now() });
  });
}

export async function findMedia(db: Db, publicId: string): Promise<MediaRow | undefined> {
  return db('media').where('public_id', publicId).first(COLUMNS);
}

/** The dog's image with this perceptual hash, if one was uploaded before. */
export async function findImageByPhash(db: Db, petNum: number, phash: string): Promise<MediaRow | undefined> {
  return db('media').where({ pet_num: petNum, phash, media_type: 'image' }).first(COLUMNS);
}

export interface GalleryItem extends MediaRow {
  likes: number;
  likedByUser: boolean;
}

/** Photos and videos of a dog, newest first, with their wags and whether `userId` gave one. */
export interface GalleryRows {
  items: GalleryItem[];
  /** Only when asked for (owners, the vet practice and admins read documents; the public never does). */
  documents: MediaRow[];
}

const mediaOf = (row: JsonRow) => ({ ...row, createdAt: new Date(row.createdAt) }) as MediaRow;

/** Each dog's photos and videos, newest first, with their wags (and whether `userId` wagged); its documents when asked for. */
export function galleryRead(userId: number | null, { withDocuments }: { withDocuments: boolean }): PetRead<GalleryRows> {
  return {
    queries: (db, petNums) => ({
      items: db('media')
        .where(petNumIn(db, 'media.pet_num', petNums))
        .whereIn('media.media_type', ['image', 'video'])
        .orderBy([{ column: 'media.pet_num' }, { column: 'media.created_at', order: 'desc' }, { column: 'media.id', order: 'desc' }])
        .select(
          COLUMNS,
          db.raw('(select count(*)::int from media_likes l where l.media_id = media.id) as likes'),
          userId ? db.raw('exists (select 1 from media_likes l where l.media_id = media.id and l.user_id = ?) as "likedByUser"', [userId]) : db.raw('false as "likedByUser"'),
        ),
      documents: db('media')
        .where(petNumIn(db, 'media.pet_num', withDocuments ? petNums : []))
        .where('media.media_type', 'document')
        .orderBy([{ column: 'media.pet_num' }, { column: 'media.created_at', order: 'desc' }, { column: 'media.id', order: 'desc' }])
        .select(COLUMNS),
    }),
    assemble({ items, documents }, petNums) {
      const itemsOf = byPet(items.map((row) => ({ ...mediaOf(row), likes: Number(row.likes), likedByUser: Boolean(row.likedByUser) }) as GalleryItem));
      const documentsOf = byPet(documents.map(mediaOf));
      return new Map(petNums.map((petNum) => [petNum, { items: itemsOf.get(petNum) ?? [], documents: documentsOf.get(petNum) ?? [] }]));
    },
    missing: () => ({ items: [], documents: [] }),
  };
}

export async function listGallery(db: Db, petNum: number, userId: number | null): Promise<GalleryItem[]> {
  return (await readPet(db, petNum, { gallery: galleryRead(userId, { withDocuments: false }) })).gallery.items;
}

export async function updateCaption(db: Db, mediaId: number, caption: string | null): Promise<void> {
  await db('media').where({ id: mediaId }).update({ caption, updated_at: db.fn.now() });
}

export async function updateRotation(db: Db, mediaId: number, rotation: number): Promise<void> {
  await db('media').where({ id: mediaId }).update({ rotation, updated_at: db.fn.now() });
}

export async function updateDocumentInfo(db: Db, mediaId: number, info: DocumentInfo): Promise<void> {
  await db('media').where({ id: mediaId, media_type: 'document' }).update({
    document_description: info.description,
    document_category: info.category,
    document_record_type: info.recordType,
    document_year: info.year,
    updated_at: db.fn.now(),
  });
}

/** Deletes the row (its wags go with it), unsets it as profile picture, and queues its files for deletion. */
export async function deleteMedia(db: Db, media: Pick<MediaRow, 'id' | 'petNum' | 'publicId'>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('pets').where({ pet_num: media.petNum, profile_image_public_id: media.publicId }).update({ profile_image_public_id: null, updated_at: trx.fn.now() });
    await trx('media').where({ id: media.id }).delete();
    await trx('media_file_deletions').insert({ public_id: media.publicId }).onConflict('public_id').ignore();
  });
}

export async function setProfilePicture(db: Db, petNum: number, publicId: string | null): Promise<void> {
  await db('pets').where({ pet_num: petNum }).update({ profile_image_public_id: publicId, updated_at: db.fn.now() });
}

/** One wag per user and item (the primary key decides); true when this call added it. */
export async function addLike(db: Db, mediaId: number, userId: number): Promise<boolean> {
  const inserted = await db('media_likes').insert({ media_id: mediaId, user_id: userId }).onConflict(['media_id', 'user_id']).ignore().returning('media_id');
  return inserted.length > 0;
}

export async function removeLike(db: Db, mediaId: number, userId: number): Promise<boolean> {
  return (await db('media_likes').where({ media_id: mediaId, user_id: userId }).delete()) > 0;
}

export async function pendingFileDeletions(db: Db, limit = 100): Promise<string[]> {
  return db('media_file_deletions').where('due_at', '<=', db.fn.now()).orderBy('due_at').limit(limit).pluck('public_id');
}

export async function forgetFileDeletion(db: Db, publicId: string): Promise<void> {
  await db('media_file_deletions').where({ public_id: publicId }).delete();
}
