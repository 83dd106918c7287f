// Builds the browser code: widgets/startup/index.ts → static/build/startup-[hash].js, with every
// widget split into its own chunk (loaded only by pages that show it) and React in a shared one,
// and every stylesheet of static/css → static/build/css/[name]-[hash].css. The views find the
// hashed names in static/build/manifest.json (server/assets/manifest.ts).
//
// Several app processes may serve one checkout while it is rebuilt, so the build never deletes:
// it writes new files under new names (each to a temporary name, then renamed) and replaces the
// manifest last, by rename. A process serving the old manifest keeps finding its old files.
//
// `node esbuild.config.mjs` builds; `--if-stale` builds only when the manifest is missing or a
// source is newer than it (what `npm start` runs); `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = dirname(fileURLToPath(import.meta.url));
const outdir = join(root, 'static/build');
const manifestFile = join(outdir, 'manifest.json');
const cssDir = join(root, 'static/css');
const watch = process.argv.includes('--watch');
const ifStale = process.argv.includes('--if-stale');

/** Entry name (the manifest key without its extension) → source. */
function entryPoints() {
  const entries = { startup: 'widgets/startup/index.ts' };
  for (const file of readdirSync(cssDir).filter((f) => f.endsWith('.css'))) entries[`css/${file.slice(0, -4)}`] = `static/css/${file}`;
  return entries;
}

/** @type {import('esbuild').BuildOptions} */
export const buildOptions = {
  absWorkingDir: root,
  entryPoints: entryPoints(),
  outdir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  jsx: 'automatic',
  metafile: true,
  write: false,
  // Images stay where the site serves them (/static/images); only the stylesheets are hashed.
  external: ['/static/*'],
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/** Writes `contents` to `file` by renaming a temporary file, so no reader sees half a file. */
async function writeAtomically(file, contents) {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/** Writes the build's files, then the manifest that names them. */
async function writeOutputs(result) {
  for (const file of result.outputFiles) await writeAtomically(file.path, file.contents);
  const manifest = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const entryName = Object.entries(buildOptions.entryPoints).find(([, source]) => source === output.entryPoint)?.[0];
    if (!entryName) continue;
    manifest[`${entryName}${file.slice(file.lastIndexOf('.'))}`] = relative(outdir, join(root, file));
  }
  await writeAtomically(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  await writeAtomically(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function gzippedSize(file) {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/** Prints the gzipped size of the start-up script and of each chunk. */
async function report(result, manifest) {
  const startupPath = join(outdir, manifest['startup.js']);
  const startup = await gzippedSize(startupPath);
  // The start-up script's static imports (esbuild's tiny runtime chunk) load with it on every page.
  const entry = result.metafile.outputs[relative(root, startupPath)];
  let withImports = startup;
  for (const { path, kind } of entry.imports) {
    if (kind === 'import-statement') withImports += await gzippedSize(join(root, path));
  }
  console.log(`${manifest['startup.js']}: ${kb(startup)} gzipped, ${kb(withImports)} with its static imports (budget 5 KB)`);
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.js') || output.entryPoint === buildOptions.entryPoints.startup) continue;
    const source = output.entryPoint ? ` (${output.entryPoint})` : '';
    console.log(`  ${relative(outdir, join(root, file))}: ${kb(await gzippedSize(join(root, file)))} gzipped${source}`);
  }
}

/** Why the last build no longer matches the sources, or null when it does. */
function staleness() {
  if (!existsSync(manifestFile)) return 'no build yet';
  const builtAt = statSync(manifestFile).mtimeMs;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  for (const [name, source] of Object.entries(buildOptions.entryPoints)) {
    const key = `${name}${source.slice(source.lastIndexOf('.')).replace(/\.tsx?$/, '.js')}`;
    if (!manifest[key] || !existsSync(join(outdir, manifest[key]))) return `${key} is not built`;
  }
  const metaFile = join(outdir, 'meta.json');
  if (!existsSync(metaFile)) return 'no build metadata';
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  const sources = [...Object.keys(meta.inputs), 'esbuild.config.mjs', 'package-lock.json'];
  for (const source of sources) {
    const path = join(root, source);
    if (!existsSync(path)) return `${source} is gone`;
    if (statSync(path).mtimeMs > builtAt) return `${source} changed`;
  }
  return null;
}

await mkdir(outdir, { recursive: true });

if (watch) {
  const context = await esbuild.context({
    ...buildOptions,
    plugins: [{ name: 'write-and-report', setup: (build) => build.onEnd(async (result) => result.errors.length || report(result, await writeOutputs(result))) }],
  });
  await context.watch();
  console.log('watching widgets/ and static/css/ for changes');
} else {
  const reason = ifStale ? staleness() : 'asked to';
  if (reason) {
    if (ifStale) console.log(`Building the browser code (${reason})...`);
    const result = await esbuild.build(buildOptions);
    await report(result, await writeOutputs(result));
  }
}
