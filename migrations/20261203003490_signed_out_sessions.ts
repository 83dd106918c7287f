import type { Knex } from 'knex';

// Issue 34: CSRF tokens live in the session (csrf-sync), so a signed-out visitor who opens a form
// page (sign-in, sign-up, password reset, vet sign-up) has a session holding only its token: a
// session row names no account until its visitor signs in.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table sessions alter column user_id drop not null');
}

// The signed-out sessions cannot name an account: they go (their visitors load the form again).
export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from sessions where user_id is null');
  await knex.raw('alter table sessions alter column user_id set not null');
}
