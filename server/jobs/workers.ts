// The workers of one process: a pg-boss poller per kind of job (several for a kind with
// concurrency), plus pg-boss's supervision, which gives an expired job (its worker died) back to
// the queue. `runDue` does the due jobs at once, for `npm run worker -- --once` and for tests.
import type PgBoss from 'pg-boss';
import type { Db } from '../db/index.js';
import { jobBoss, type JobDefinition } from './queue.js';

export interface JobWorkerOptions {
  /** How often an idle poller looks for jobs. */
  pollingIntervalSeconds?: number;
  log?: (message: string) => void;
}

export interface JobWorkers {
  /** Runs every job due now (of the named kinds, or all), one at a time; resolves to how many ran. */
  runDue(names?: readonly string[]): Promise<{ done: number; failed: number }>;
  /** Starts polling for jobs. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (a while) for those in hand. */
  stop(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Data pg-boss stores as a failed job's output: the message, never the stack. */
const failure = (error: unknown) => ({ message: errorText(error) });

export function createJobWorkers(db: Db, definitions: readonly JobDefinition[], options: JobWorkerOptions = {}): JobWorkers {
  const log = options.log ?? (() => {});
  let boss: PgBoss | null = null;
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));

  const run = (definition: JobDefinition, job: PgBoss.JobWithMetadata<object>) =>
    definition.handle(job.data, { id: job.id, retryCount: job.retryCount, isLastTry: job.retryCount >= job.retryLimit });

  // an unstarted boss for runDue: fetching and completing need no poller
  const idle = jobBoss(db);

  return {
    async runDue(names = [...byName.keys()]) {
      let done = 0;
      let failed = 0;
      for (const name of names) {
        const definition = byName.get(name);
        if (!definition) throw new Error(`No job kind ${name}`);
        for (;;) {
          const [job] = await idle.fetch<object>(name, { includeMetadata: true, batchSize: 1 });
          if (!job) break;
          try {
            const output = await run(definition, job);
            await idle.complete(name, job.id, output && typeof output === 'object' ? output : undefined);
            done++;
          } catch (error) {
            await idle.fail(name, job.id, failure(error));
            failed++;
          }
        }
      }
      return { done, failed };
    },

    async start() {
      if (boss) return;
      const scheduled = definitions.filter((definition) => definition.cron);
      boss = jobBoss(db, { supervise: true, schedule: scheduled.length > 0 });
      boss.on('error', (error) => log(`job queue: ${errorText(error)}`));
      await boss.start();
      for (const definition of definitions) {
        for (let i = 0; i < (definition.concurrency ?? 1); i++) {
          await boss.work<object>(
            definition.name,
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
            async ([job]) => {
              try {
                return await run(definition, job);
              } catch (error) {
                log(`job ${definition.name} ${job.id}: try ${job.retryCount + 1} failed (${errorText(error)})`);
                throw failure(error);
              }
            },
          );
        }
      }
      for (const definition of scheduled) await boss.schedule(definition.name, definition.cron!, {}, { tz: 'UTC' });
      log(`Job workers: ${definitions.map((definition) => definition.name).join(', ')}`);
    },

    async stop() {
      const running = boss;
      boss = null;
      await running?.stop({ graceful: true, close: false, timeout: 10_000, wait: true });
    },
  };
}
