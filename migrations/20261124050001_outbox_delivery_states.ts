import type { Knex } from 'knex';

// The outbox worker (issue 15) leases a message before sending it, so two workers never send
// one twice, and gives up on it after the last try:
//   pending → sending (leased until next_attempt_at) → sent
//                     ↘ pending again (retry at next_attempt_at) → … → dead after the last try
// A lease that runs out (the worker died mid-send) makes the message claimable again.
// 'failed' is renamed 'dead'; an admin can send a dead message back to pending.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table outbox drop constraint outbox_status');
  await knex('outbox').where({ status: 'failed' }).update({ status: 'dead' });
  await knex.raw("alter table outbox add constraint outbox_status check (status in ('pending', 'sending', 'sent', 'dead'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table outbox drop constraint outbox_status');
  await knex('outbox').where({ status: 'dead' }).update({ status: 'failed' });
  await knex('outbox').where({ status: 'sending' }).update({ status: 'pending' });
  await knex.raw("alter table outbox add constraint outbox_status check (status in ('pending', 'sent', 'failed'))");
}
