// Gallery budgets (issue 12): upload and processing of a 12-megapixel JPEG under 1.5 s, and the
// profile results page with a gallery of 50 items within the members page budget (>= 25 % of a bare
// Express route in the same run, p99 < 50 ms at 20 connections). Runs the app in this process on
// DATABASE_URL (PostgreSQL) or an in-memory PGlite, with media in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { createApp } from '../server/app.js';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { loadSettings } from '../server/settings.js';
import { hashPassword } from '../server/auth/passwords.js';
import { insertUser } from '../server/users/queries.js';
import { insertPetForOwner } from '../server/pets/mutations.js';
import { processUploadedImage } from '../server/media/images.js';

const UPLOAD_BUDGET_MS = 1500;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** A 4000 × 3000 photo-like JPEG (smooth gradients and detail, EXIF orientation 6), about 3-5 MB. */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const i = (y * width + x) * 3;
      const grain = (state >>> 24) & 31;
      pixels[i] = ((x * 200) / width + grain + seed * 17) & 255;
      pixels[i + 1] = ((y * 200) / height + grain) & 255;
      pixels[i + 2] = (((x + y) * 120) / (width + height) + Math.sin((x * seed) / 90) * 40 + 60 + grain) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
}

async function startHello(): Promise<{ url: string; stop(): void }> {
  const child = fork(fileURLToPath(new URL('./hello.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]);

export async function benchGallery(databaseUrl: string | undefined): Promise<string[]> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gallery-'));
  const database = await openDatabase({ databaseUrl });
  const lines = [`Gallery, on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}, media in a temporary folder:`];
  try {
    const db = database.db;
    await migrateToLatest(db); // a no-op on an already migrated bench database
    const password = 'bench-gallery';
    const user = await insertUser(db, { email: `gallery-${Date.now()}@bench.test`, name: 'Bench', passwordHash: await hashPassword(password) });
    const petNum = await insertPetForOwner(db, user.id, { name: 'Bench Dog' });
    const settings = { ...loadSettings({ NODE_ENV: 'test', SESSION_SECRET: 'bench' }), media: { kind: 'local' as const, dir: mediaDir } };
    const app = createApp({ db, settings });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const login = await fetch(`${base}/login`);
      const token = (await login.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
      const signedIn = await fetch(`${base}/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(login).join('; ') }, body: new URLSearchParams({ email: user.email, password, _csrf: token }) });
      const cookie = cookiesOf(signedIn).join('; ');
      const page = await (await fetch(`${base}/members`, { headers: { cookie } })).text();
      const csrf = page.match(/name="csrf-token" content="([^"]+)"/)![1];

      const times: number[] = [];
      let bytes = 0;
      for (let run = 1; run <= 3; run++) {
        const jpeg = await twelveMegapixelJpeg(run);
        bytes = jpeg.length;
        const form = new FormData();
        form.set('_csrf', csrf);
        form.set('mediaType', 'image');
        form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${run}.jpg`);
        const started = performance.now();
        const answer = await fetch(`${base}/members/pet/${petNum}/media`, { method: 'POST', headers: { cookie, accept: 'application/json' }, body: form });
        const ms = performance.now() - started;
        if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
        times.push(ms);
      }
      const processing: number[] = [];
      for (let run = 4; run <= 5; run++) {
        const jpeg = await twelveMegapixelJpeg(run);
        const started = performance.now();
        await processUploadedImage(jpeg);
        processing.push(performance.now() - started);
      }
      const worst = Math.max(...times);
      lines.push(`  12-megapixel JPEG (${(bytes / 1024 / 1024).toFixed(1)} MB) upload and processing, end to end over HTTP: ${times.map((t) => t.toFixed(0)).join(', ')} ms (budget < ${UPLOAD_BUDGET_MS} ms): ${verdict(worst < UPLOAD_BUDGET_MS)}; sharp processing alone: ${processing.map((t) => t.toFixed(0)).join(', ')} ms; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);

      const profile = `${base}/members/results/profile?i=${petNum}`;
      await autocannon({ url: profile, connections: CONNECTIONS, duration: 2, headers: { cookie } });
      const few = await autocannon({ url: profile, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });

      // 50 items: copies of the uploaded rows (the page reads rows, not files).
      const [template] = await db('media').where({ pet_num: petNum }).limit(1).select('*');
      const stored = Number((await db('media').where({ pet_num: petNum }).count('* as n').first())?.n ?? 0);
      const copies = Array.from({ length: 50 - stored }, (_, i) => {
        const { id: _id, created_at: _c, updated_at: _u, ...row } = template;
        return { ...row, public_id: `ui/${String(i).padStart(20, '0')}`, phash: i.toString(16).padStart(16, '0'), caption: `Photo number ${i + 1}` };
      });
      await db('media').insert(copies);
      const html = await (await fetch(profile, { headers: { cookie } })).text();
      const slides = (html.match(/gallery-grid__item/g) ?? []).length;
      await autocannon({ url: profile, connections: CONNECTIONS, duration: 2, headers: { cookie } });
      const hello = await startHello();
      try {
        const bare = await autocannon({ url: hello.url, connections: CONNECTIONS, duration: DURATION_S });
        const result = await autocannon({ url: profile, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
        const ratio = result.requests.average / bare.requests.average;
        lines.push(`  bare Express hello: ${bare.requests.average.toFixed(0)} req/s, p99 ${bare.latency.p99} ms`);
        lines.push(`  the same profile page with ${times.length} items, before: ${few.requests.average.toFixed(0)} req/s, p99 ${few.latency.p99} ms`);
        lines.push(
          `  profile page with a gallery of ${slides} items (${(html.length / 1024).toFixed(0)} KB of HTML): ${result.requests.average.toFixed(0)} req/s = ${(ratio * 100).toFixed(1)}% of hello (budget >= 25%): ${verdict(ratio >= 0.25)}; ` +
            `p99 ${result.latency.p99} ms (budget < 50 ms): ${verdict(result.latency.p99 < 50)}${result.non2xx + result.errors ? `; ${result.non2xx + result.errors} errors` : ''}`,
        );
      } finally {
        hello.stop();
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      (app.locals.chatEvents as { close(): Promise<void> } | undefined)?.close();
    }
    // The bench's user and dog leave the database as they came (media rows go with the dog).
    await db('pets').where({ pet_num: petNum }).delete();
    await db('users').where({ id: user.id }).delete();
  } finally {
    await database.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
  return lines;
}
