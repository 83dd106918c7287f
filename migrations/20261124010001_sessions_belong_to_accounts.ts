import type { Knex } from 'knex';

// A session row names its account (and the impersonator, if any) in columns, so the session, the
// account and the shell's counts load in one query, ending every session of an account is an
// indexed delete, and removing an account ends its sessions. Only signed-in visitors have
// sessions now: the anonymous rows the old CSRF middleware stored are dropped.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.integer('impersonator_id').references('users.id').onDelete('CASCADE');
    t.index(['user_id']);
    t.index(['impersonator_id']);
  });
  for (const [column, field] of [['user_id', 'userId'], ['impersonator_id', 'impersonatorId']]) {
    await knex.raw(`update sessions set ${column} = users.id from users where users.id::text = sessions.sess->>'${field}'`);
  }
  await knex.raw(`delete from sessions where user_id is null or (sess->>'impersonatorId' is not null and impersonator_id is null)`);
  await knex.raw('alter table sessions alter column user_id set not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('impersonator_id');
    t.dropColumn('user_id');
  });
}
