// spec 1 §7 roundDogFaceImageUrl: a photo gets its round dog face with its other variants when it is
// uploaded or turned (images.ts); a photo stored before that variant existed gets it on first request.
import type { Db } from '../db/index.js';
import { renderRoundFace } from './images.js';
import type { MediaRow } from './queries.js';
import type { MediaStore } from './store.js';

/** Renders and stores the photo's round dog face unless `fileName` (round.png or round.webp) is already stored. */
export async function ensureRoundFace(db: Db, store: MediaStore, media: Pick<MediaRow, 'id' | 'publicId'>, fileName: string): Promise<void> {
  const key = `${media.publicId}/${fileName}`;
  if (await store.has(key)) return;
  // Under the photo's row lock, which rotation takes too (gallery-routes.ts): a turn made meanwhile is
  // never overwritten by the face of the old angle.
  await db.transaction(async (trx) => {
    const row: { rotation: number } | undefined = await trx('media').where({ id: media.id }).forUpdate().first('rotation');
    if (!row || (await store.has(key))) return;
    const master = await store.getBuffer(`${media.publicId}/master.jpg`);
    if (!master) return; // a row without files (seeded): the route answers 404
    const files = await renderRoundFace(master, row.rotation);
    await Promise.all(files.map((file) => store.put(`${media.publicId}/${file.name}`, file.body, file.contentType)));
  });
}
