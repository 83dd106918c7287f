// PostgreSQL for a test run (DATABASE_URL set): the run's global setup migrates the database at
// DATABASE_URL once, and every test process (each mocha worker, or the one process of a serial
// run) copies it into a database of its own, `<name>_w<pid>`, which the global teardown drops.
import pg from 'pg';
import { openDatabase } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { syncCatalogues } from '../../server/catalogue/sync.js';
import { installTestJobQueue } from './jobs.js';

/** The migrated template, kept apart from DATABASE_URL, which names this process's own database. */
const templateUrl = process.env.TEST_TEMPLATE_DATABASE_URL ?? process.env.DATABASE_URL;
if (templateUrl) {
  process.env.TEST_TEMPLATE_DATABASE_URL = templateUrl;
  process.env.DATABASE_URL = withDatabase(templateUrl, workerDatabaseName(databaseName(templateUrl)));
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${encodeURIComponent(name)}`;
  return copy.toString();
}

function workerDatabaseName(template: string): string {
  return `${template}_w${process.pid}`;
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Runs `work` on a connection to the server's maintenance database, so that none is open on the template. */
async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropWorkerDatabases(client: pg.Client, template: string): Promise<void> {
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1 escape '!'", [`${template.replace(/[!%_]/g, '!$&')}!_w%`]);
  for (const { datname } of rows) await client.query(`drop database if exists ${quoted(datname)} with (force)`);
}

/** Global setup: the template migrated from scratch and holding the catalogues; copies left by an aborted run go. */
export async function prepareTemplateDatabase(): Promise<void> {
  if (!templateUrl) return;
  await onServer(templateUrl, (client) => dropWorkerDatabases(client, databaseName(templateUrl)));
  const database = await openDatabase({ databaseUrl: templateUrl });
  try {
    const { db } = database;
    const { rows } = await db.raw<{ rows: { nspname: string }[] }>("select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'");
    for (const { nspname } of rows) await db.raw(`drop schema ${quoted(nspname)} cascade`);
    await db.raw('create schema public');
    await migrateToLatest(db);
    await installTestJobQueue(db);
    await syncCatalogues(db);
  } finally {
    await database.close();
  }
}

/** Global teardown: every process's copy goes. */
export async function dropTestDatabases(): Promise<void> {
  if (!templateUrl) return;
  await onServer(templateUrl, (client) => dropWorkerDatabases(client, databaseName(templateUrl)));
}

/** This process's own copy of the template, made afresh; its URL. */
export async function createWorkerDatabase(ownUrl: string): Promise<string> {
  if (!templateUrl) throw new Error('createWorkerDatabase needs DATABASE_URL');
  const name = databaseName(ownUrl);
  await onServer(templateUrl, async (client) => {
    await client.query(`drop database if exists ${quoted(name)} with (force)`);
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoted(name)} template ${quoted(databaseName(templateUrl))}`);
        // a test database need not wait for its commits to reach the disk: a crash loses only a test run
        await client.query(`alter database ${quoted(name)} set synchronous_commit = off`);
        return;
      } catch (error) {
        // 55006: another worker's copy holds the template for a moment
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return ownUrl;
}
