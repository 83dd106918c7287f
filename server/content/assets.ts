import path from 'node:path';
import { createRequire } from 'node:module';
import express, { Router } from 'express';
import type { Settings } from '../settings.js';

const require = createRequire(import.meta.url);

/** The web font's woff2 files, straight from its npm package, so no copy can drift from the version installed. */
export const FONT_FILES_DIR = path.join(path.dirname(require.resolve('@fontsource-variable/figtree/package.json')), 'files');

/** The bundled web font at /static/fonts and the favicon at /favicon.ico (browsers ask for it on their first visit). */
export function siteAssetRoutes(root: string, settings: Settings): Router {
  const router = Router();
  const maxAge = settings.isProduction ? '30d' : 0;
  router.use('/static/fonts', express.static(FONT_FILES_DIR, { maxAge, index: false, immutable: settings.isProduction }));
  router.get('/favicon.ico', (_req, res) => {
    res.sendFile(path.join(root, 'static/img/favicon.ico'), { maxAge: settings.isProduction ? '1d' : 0, headers: { 'Content-Type': 'image/x-icon' } });
  });
  return router;
}
