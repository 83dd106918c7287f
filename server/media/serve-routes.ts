// Media files (issue 12): served from the store to whoever may see them (access.ts mayViewMedia).
import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { HttpError } from '../http/http-error.js';
import { mayViewMedia } from './access.js';
import { findMedia } from './queries.js';
import { ensureRoundFace } from './round-faces.js';
import { documentDisposition, isImageVariantFile, parsePublicId } from '../shared/media-rules.js';
import { contentTypeOfKey, LocalMediaStore, mediaStoreFor, UnsatisfiableRange, type MediaStore, type StoredFile } from './store.js';

const notFound = () => new HttpError(404, 'Page not found');
const SERVED_FILE = /^([a-z]+)\.(avif|webp|jpg|png|mp4|mov|webm|pdf)$/;
/**
 * One byte range from an offset (`bytes=0-`, `bytes=100-199`): what browsers send to seek in a video.
 * Anything else (several ranges, a suffix `bytes=-500`) gets the whole file, as HTTP allows.
 */
const SINGLE_RANGE = /^bytes=\d+-\d*$/;

export function mediaFileRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  const store = mediaStoreFor(settings.media);
  router.get('/media/:kind/:id/:file', (req: Request<{ kind: string; id: string; file: string }>, res) => serve(db, store, req, res, `${req.params.kind}/${req.params.id}`, req.params.file));
  router.get('/media/:id/:file', (req: Request<{ id: string; file: string }>, res) => serve(db, store, req, res, req.params.id, req.params.file));
  return router;
}

async function serve(db: Db, store: MediaStore, req: Request, res: Response, rawPublicId: string, fileName: string): Promise<void> {
  const publicId = parsePublicId(rawPublicId);
  const file = SERVED_FILE.exec(fileName);
  if (!publicId || !file) throw notFound();
  const [, name, format] = file;
  const media = await findMedia(db, publicId);
  if (!media) throw notFound();
  // Only what a media item of its type has: variants of an image (never its master), the original of the rest.
  if (media.mediaType === 'image' ? !isImageVariantFile(name, format) : name !== 'original') throw notFound();
  if (!(await mayViewMedia(db, req.currentUser, media))) throw notFound();
  if (name === 'round') await ensureRoundFace(db, store, media, fileName);
  const key = `${publicId}/${fileName}`;
  const headers: Record<string, string> = {
    // Private: a dog's privacy can change; a turned picture keeps its address, so browsers revalidate.
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...(media.mediaType === 'document' ? { 'Content-Disposition': documentDisposition(media.originalFileName) } : {}),
  };
  // Local files go out with express's sendFile: byte ranges (video seeking), ETag and 304s.
  if (store instanceof LocalMediaStore) return sendLocalFile(res, store.pathOf(key), headers);
  // The bucket answers the range itself, so a seek in a long video reads only what is shown.
  const range = req.get('range')?.replace(/\s+/g, '');
  let stored: StoredFile | null;
  try {
    stored = await store.get(key, range && SINGLE_RANGE.test(range) ? range : undefined);
  } catch (error) {
    if (!(error instanceof UnsatisfiableRange)) throw error;
    res.set({ 'Accept-Ranges': 'bytes', ...headers }).status(416).end();
    return;
  }
  if (!stored) throw notFound();
  res.set({
    'Content-Type': stored.contentType,
    'Content-Length': String(stored.size),
    'Accept-Ranges': 'bytes',
    ETag: stored.etag,
    ...headers,
  });
  if (req.get('if-none-match') === stored.etag && stored.etag) {
    stored.body.destroy();
    res.removeHeader('Content-Length');
    res.status(304).end();
    return;
  }
  if (stored.contentRange) res.status(206).set('Content-Range', stored.contentRange);
  stored.body.on('error', (error) => res.destroy(error));
  stored.body.pipe(res);
}

function sendLocalFile(res: Response, file: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    res.type(contentTypeOfKey(file));
    res.sendFile(file, { headers, cacheControl: false, dotfiles: 'deny' }, (error?: Error & { code?: string; status?: number }) => {
      if (!error) return resolve();
      if (res.headersSent) return resolve(); // the client went away mid-file
      reject(error.code === 'ENOENT' || error.status === 404 ? notFound() : error);
    });
  });
}
