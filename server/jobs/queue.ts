// Background work runs on pg-boss, a job queue kept in PostgreSQL (schema `pgboss`): a change asks
// for work by sending a job in its own transaction, so the job exists exactly when the change does,
// and any number of workers (the app's own, `npm run worker`) take jobs with `skip locked`, each job
// once. A worker that dies holding a job lets it expire, and another tries it again.
import PgBoss from 'pg-boss';
import type { Db } from '../db/index.js';
import { pgBossDb } from './pg-boss-db.js';

export const JOB_SCHEMA = 'pgboss';

/** What a handler knows of the job it runs. */
export interface JobContext {
  id: string;
  /** Tries made before this one. */
  retryCount: number;
  /** A failure now is final: the job will not be tried again. */
  isLastTry: boolean;
}

/** One kind of background work: its queue's retry rules and what a worker does with a job. */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Tries after the first failed one. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each later one waits about twice as long (pg-boss adds jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job held longer than this is taken to be lost with its worker and is tried again. */
  expireInSeconds: number;
  /** Jobs of this kind one worker process runs at a time. */
  concurrency?: number;
  /** Sent on this schedule (cron, UTC) by whichever worker's clock comes first: one job per tick. */
  cron?: string;
  handle(data: Data, job: JobContext): Promise<unknown>;
}

export interface SendJobOptions {
  /** A uuid chosen by the caller, to store with the change before the job exists. */
  id?: string;
  /** Only one job with this key may wait or run at a time (the queue's policy decides). */
  singletonKey?: string;
  startAfter?: Date | number;
  priority?: number;
}

// Sending needs no started instance: each send runs on the connection of the caller's `db`.
const sender = new PgBoss({
  schema: JOB_SCHEMA,
  db: { executeSql: () => Promise.reject(new Error('jobs are sent with a db of their own (sendJob)')) },
});

/**
 * Queues a job on `db`: pass the transaction of the change the job belongs to. Resolves to the
 * job's id (null when a singleton key kept it out).
 */
export async function sendJob(db: Db, name: string, data: object, options: SendJobOptions = {}): Promise<string | null> {
  return sender.send(name, data, { ...options, db: pgBossDb(db) });
}

/** pg-boss's own boss over the app's database, neither supervising nor scheduling until asked. */
export function jobBoss(db: Db, options: { supervise?: boolean; schedule?: boolean; maintenanceIntervalSeconds?: number } = {}): PgBoss {
  return new PgBoss({
    schema: JOB_SCHEMA,
    db: pgBossDb(db),
    migrate: true,
    supervise: options.supervise ?? false,
    schedule: options.schedule ?? false,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
}

const queueOptions = (definition: JobDefinition): PgBoss.Queue => ({
  name: definition.name,
  retryLimit: definition.retryLimit,
  retryDelay: definition.retryDelaySeconds,
  retryBackoff: definition.retryBackoff,
  expireInSeconds: definition.expireInSeconds,
});

/**
 * Creates pg-boss's tables (or migrates them to the installed pg-boss) and a queue per kind of
 * job, with its current retry rules. Run at start-up, after the app's migrations; safe to run
 * from several processes at once.
 */
export async function installJobQueue(db: Db, definitions: readonly JobDefinition[]): Promise<void> {
  const boss = jobBoss(db);
  await boss.start();
  try {
    for (const definition of definitions) {
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queueOptions(definition));
      else await boss.createQueue(definition.name, queueOptions(definition)).catch(async (error) => {
        // another process created it meanwhile
        if (!(await boss.getQueue(definition.name))) throw error;
      });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
