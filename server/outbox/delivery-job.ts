// The job that delivers one outbox message: renders it, hands it to the mail transport and records
// the try. A failure is thrown back to pg-boss, which tries again with back-off; after the last try
// the message is dead (listed at /admin/outbox, where an admin may send it again).
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import type { JobDefinition } from '../jobs/queue.js';
import { renderEmail } from '../mail/templates.js';
import type { MailTransport } from '../mail/transport.js';
import { markFailed, markSent, startDelivery } from './delivery.js';
import { EMAIL_JOB } from './queue.js';
import { DELIVERY_LEASE_SECONDS, FIRST_RETRY_DELAY_SECONDS, MAX_DELIVERY_ATTEMPTS } from './rules.js';

export interface EmailDelivery {
  db: Db;
  settings: Pick<Settings, 'baseUrl' | 'mail'>;
  transport: MailTransport;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function emailDeliveryJob({ db, settings, transport }: EmailDelivery): JobDefinition {
  return {
    name: EMAIL_JOB,
    retryLimit: MAX_DELIVERY_ATTEMPTS - 1,
    retryDelaySeconds: FIRST_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: DELIVERY_LEASE_SECONDS,
    concurrency: 2,
    async handle(_data, job) {
      const message = await startDelivery(db, job.id);
      if (!message) return { skipped: 'no message waits for this job' };
      try {
        const rendered = renderEmail(message, settings.baseUrl);
        await transport.send({ outboxId: message.id, from: settings.mail.from, to: message.to, ...rendered });
      } catch (error) {
        await markFailed(db, message.id, errorText(error), job.isLastTry);
        throw error;
      }
      await markSent(db, message.id);
      return { sent: message.id };
    },
  };
}
