// Drains the outbox (issue 15): claims due messages, renders and sends each, and records the
// outcome; a failed try waits with exponential back-off and the message is dead after the last.
// Runs in the app process (server/main.ts) or alone (`npm run worker`, scripts/worker.ts).
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { renderEmail } from '../mail/templates.js';
import { mailTransportFor, type MailTransport } from '../mail/transport.js';
import { claimDueMessages, markFailed, markSent, type OutboxMessage } from './delivery.js';
import { DEFAULT_RETRY_POLICY, DELIVERY_LEASE_MS, type RetryPolicy } from './rules.js';

export interface OutboxWorkerOptions {
  db: Db;
  settings: Pick<Settings, 'baseUrl' | 'mail'>;
  transport?: MailTransport;
  retry?: RetryPolicy;
  /** Messages claimed at a time. */
  batchSize?: number;
  /** How often an idle worker looks for due messages. */
  pollIntervalMs?: number;
  leaseMs?: number;
  log?: (message: string) => void;
}

export interface DrainResult {
  sent: number;
  failed: number;
  dead: number;
}

export interface OutboxWorker {
  /** Sends everything due now; resolves when the outbox has nothing due left. */
  drain(): Promise<DrainResult>;
  /** Keeps draining every pollIntervalMs until stopped. */
  start(): void;
  /** Stops polling and waits for the message in hand. */
  stop(): Promise<void>;
  readonly transport: MailTransport;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, settings } = options;
  const transport = options.transport ?? mailTransportFor(settings.mail);
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const batchSize = options.batchSize ?? 10;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function deliver(message: OutboxMessage, result: DrainResult): Promise<void> {
    try {
      const rendered = renderEmail(message, settings.baseUrl);
      await transport.send({ outboxId: message.id, from: settings.mail.from, to: message.to, ...rendered });
    } catch (error) {
      const status = await markFailed(db, message, errorText(error), retry);
      if (status === 'dead') result.dead++;
      else result.failed++;
      log(`outbox ${message.id}: try ${message.attempts} failed (${errorText(error)})${status === 'dead' ? ', now dead' : ''}`);
      return;
    }
    await markSent(db, message.id);
    result.sent++;
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, dead: 0 };
    for (;;) {
      const claimed = await claimDueMessages(db, batchSize, leaseMs);
      if (claimed.length === 0) return result;
      for (const message of claimed) await deliver(message, result);
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain()
        .catch((error) => log(`outbox worker: ${errorText(error)}`))
        .finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    transport,
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      log(`Outbox worker: sending e-mail through ${transport.describe}`);
      running = drain()
        .catch((error) => log(`outbox worker: ${errorText(error)}`))
        .finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
