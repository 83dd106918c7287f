import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './index.js';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export async function migrateToLatest(db: Db): Promise<void> {
  await db.migrate.latest({ directory: migrationsDir, loadExtensions: ['.ts'] });
}

export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ directory: migrationsDir, loadExtensions: ['.ts'] }, true);
}
