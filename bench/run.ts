// npm run bench: measures the budgets of DESIGN.md and prints them, each with PASS or FAIL.
// The bench never fails: machines are noisy, so CI prints the figures without judging them.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../server/assets/manifest.js';
import { benchGenetics } from './genetics.js';
import { benchWeb } from './web.js';
import { benchGallery } from './gallery.js';
import { benchMatchmaker } from './matchmaker.js';
import { benchAdmin } from './admin.js';
import { benchTraffic } from './traffic.js';
import { benchRelativeSplit } from './relatives-split.js';
import { benchScaleOut } from './scale-out.js';

const lines: string[] = [];
const buildDir = fileURLToPath(new URL('../static/build/', import.meta.url));
const startup = readManifest()?.['startup.js'];
if (startup) {
  const startupKb = gzipSync(readFileSync(`${buildDir}${startup}`)).length / 1024;
  const chunks = readdirSync(`${buildDir}chunks`).filter((f) => f.endsWith('.js'));
  lines.push(`start-up script: ${startupKb.toFixed(2)} KB gzipped (budget < 5 KB): ${startupKb < 5 ? 'PASS' : 'FAIL'}; ${chunks.length} lazy chunks on disk`);
}

const only = process.env.BENCH_ONLY; // 'traffic', 'web', 'genetics', 'gallery', 'matchmaker', 'admin', 'relatives' or 'scale-out'
if (!only || only === 'gallery') {
  try {
    lines.push(...(await benchGallery(process.env.DATABASE_URL)));
  } catch (error) {
    lines.push(`gallery budgets: not measured (${(error as Error).message})`);
  }
}
if (!only || only === 'traffic') {
  try {
    lines.push(...(await benchTraffic(process.env.DATABASE_URL)));
  } catch (error) {
    lines.push(`real traffic: not measured (${(error as Error).message})`);
  }
}
if (!only || only === 'web') {
  try {
    lines.push(...(await benchWeb(process.env.DATABASE_URL)));
  } catch (error) {
    lines.push(`web budgets: not measured (${(error as Error).message})`);
  }
}
if (!only || only === 'genetics') lines.push(...(await benchGenetics()));
if (!only || only === 'matchmaker') lines.push(...(await benchMatchmaker()));
if (!only || only === 'admin') lines.push(...(await benchAdmin(process.env.DATABASE_URL)));
if (!only || only === 'relatives') lines.push(...(await benchRelativeSplit(process.env.DATABASE_URL)));
if (!only || only === 'scale-out') lines.push(...(await benchScaleOut(process.env.DATABASE_URL)));
console.log(`\n${lines.join('\n')}`);
