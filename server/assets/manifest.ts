import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILD_DIR = path.join(root, 'static/build');
export const MANIFEST_FILE = path.join(BUILD_DIR, 'manifest.json');
export const BUILD_URL = '/static/build/';

/** Built file names carry esbuild's content hash (8 base-32 characters), so they never change. */
export const HASHED_FILE = /-[A-Z2-7]{8}\.(js|css)(\.map)?$/;

/** Entry ('startup.js', 'css/site.css') → hashed file under static/build, as esbuild.config.mjs writes it. */
export type AssetManifest = Record<string, string>;

export function readManifest(file = MANIFEST_FILE): AssetManifest | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  } catch {
    return null;
  }
}

/** The URL of a built entry; before any build, the unhashed path (tests that render views without building). */
export function assetUrl(manifest: AssetManifest | null, entry: string): string {
  const built = manifest?.[entry];
  if (built) return BUILD_URL + built;
  return entry.startsWith('css/') ? `/static/${entry}` : BUILD_URL + entry;
}

/**
 * `asset(entry)` for the views. Production reads the manifest once (a deployment builds before it
 * starts); development follows rebuilds by re-reading it when its modification time changes.
 */
export function assetResolver({ followRebuilds }: { followRebuilds: boolean }): (entry: string) => string {
  let manifest = readManifest();
  if (!followRebuilds) return (entry) => assetUrl(manifest, entry);
  let seen = modifiedAt();
  return (entry) => {
    const now = modifiedAt();
    if (now !== seen) {
      seen = now;
      manifest = readManifest();
    }
    return assetUrl(manifest, entry);
  };
}

function modifiedAt(): number {
  try {
    return statSync(MANIFEST_FILE).mtimeMs;
  } catch {
    return 0;
  }
}
