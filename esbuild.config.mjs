// Builds the browser code: widgets/startup/index.ts → static/build/startup.js, with every
// widget split into its own chunk (loaded only by pages that show it) and React in a shared one.
// `node esbuild.config.mjs` builds once; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = dirname(fileURLToPath(import.meta.url));
const outdir = join(root, 'static/build');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
export const buildOptions = {
  absWorkingDir: root,
  entryPoints: { startup: 'widgets/startup/index.ts' },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  jsx: 'automatic',
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

async function gzippedSize(file) {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/** Writes meta.json and prints the gzipped size of startup.js and of each chunk. */
async function report(result) {
  await writeFile(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  const startup = await gzippedSize(join(outdir, 'startup.js'));
  // The start-up script's static imports (esbuild's tiny runtime chunk) load with it on every page.
  const entry = result.metafile.outputs[relative(root, join(outdir, 'startup.js'))];
  let withImports = startup;
  for (const { path, kind } of entry.imports) {
    if (kind === 'import-statement') withImports += await gzippedSize(join(root, path));
  }
  console.log(`startup.js: ${kb(startup)} gzipped, ${kb(withImports)} with its static imports (budget 5 KB)`);
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.js') || file.endsWith('/startup.js')) continue;
    const source = output.entryPoint ? ` (${output.entryPoint})` : '';
    console.log(`  ${relative(outdir, join(root, file))}: ${kb(await gzippedSize(join(root, file)))} gzipped${source}`);
  }
}

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

if (watch) {
  const context = await esbuild.context({
    ...buildOptions,
    plugins: [{ name: 'report', setup: (build) => build.onEnd((result) => result.errors.length || report(result)) }],
  });
  await context.watch();
  console.log('watching widgets/ for changes');
} else {
  await report(await esbuild.build(buildOptions));
}
