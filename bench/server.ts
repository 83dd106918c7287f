// Child process of bench/run.ts: serves the real app and a bare Express "hello" route.
import express from 'express';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';
import { loadDemoDataIfEmpty } from '../server/demo/seed.js';
import { createApp } from '../server/app.js';
import { loadSettings } from '../server/settings.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await migrateToLatest(database.db);
await syncCatalogues(database.db);
await loadDemoDataIfEmpty(database.db);

// Production settings, except for Secure cookies: the benchmark speaks plain HTTP.
const production = loadSettings({ ...process.env, NODE_ENV: 'production', SESSION_SECRET: 'bench', DATABASE_URL: process.env.DATABASE_URL ?? 'embedded', BASE_URL: 'http://127.0.0.1' });
const app = createApp({ db: database.db, settings: { ...production, isProduction: false } });
const hello = express().get('/', (_req, res) => {
  res.send('hello');
});

const listen = (handler: express.Express) => new Promise<number>((resolve) => {
  const server = handler.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
});
const [appPort, helloPort] = await Promise.all([listen(app), listen(hello)]);
process.send?.({ appPort, helloPort, kind: database.kind });
