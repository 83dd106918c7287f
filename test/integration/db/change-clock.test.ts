// Issue 18: processes keep pages and sessions while the database's change clock stands still.
import { expect } from 'chai';
import { testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import { eventually, liveClock, writeFromElsewhere } from '../../support/behind-the-app.js';

// Written on every sign-in attempt or public profile view, or only by mail and job machinery.
const UNWATCHED = ['knex_migrations', 'knex_migrations_lock', 'page_data_changes', 'login_attempts', 'activation_code_attempts', 'profile_view_visitors', 'profile_views_by_day', 'audit_log', 'outbox', 'jobs', 'media_file_deletions'];

/** Writes a watched row from another connection and waits until the clock hears it: every earlier commit has been heard too. */
async function heardEverything(db: Awaited<ReturnType<typeof testDb>>, clock: { readonly tick: number }, userId: number): Promise<void> {
  const before = clock.tick;
  await writeFromElsewhere(db, 'update users set name = name where id = $1', [userId]);
  await eventually(() => clock.tick !== before, 'the notification arrives');
}

describe('the change clock (issue 18)', () => {
  it('watches every table but the few written on every sign-in attempt or profile view, or by the mail and job machinery', async () => {
    const db = await testDb();
    const { rows } = await db.raw<{ rows: { name: string; watched: boolean }[] }>(
      `select c.relname as name, exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_page_data') as watched
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'r' order by 1`,
    );
    const unwatched = rows.filter((row) => !row.watched).map((row) => row.name);
    expect(unwatched.sort(), 'a new table calls watch_table_changes in its migration').to.deep.equal([...UNWATCHED].sort());
  });

  it('moves at once on this process’s writes, even before their commit is heard', async () => {
    const db = await testDb();
    const clock = await liveClock(db);
    const before = clock.tick;
    const user = await createUser(db);
    expect(clock.tick).to.not.equal(before);
    const inTransaction = clock.tick;
    await db.transaction(async (trx) => trx('users').where({ id: user.id }).update({ name: 'Renamed' }));
    expect(clock.tick).to.not.equal(inTransaction);
  });

  it('does not move on reads or on writes to tables it does not watch', async () => {
    const db = await testDb();
    const clock = await liveClock(db);
    const user = await createUser(db);
    await heardEverything(db, clock, user.id);
    const before = clock.tick;
    await db('users').select('id').limit(1);
    await db.raw('with u as (select id from users) select count(*) from u');
    await db('login_attempts').insert({ email: 'clock@test.example', ip: '127.0.0.1', succeeded: false });
    await writeFromElsewhere(db, 'delete from outbox where id < 0');
    // notifications come in commit order: once a later watched write is heard, any of these would have been
    await heardEverything(db, clock, user.id);
    expect(clock.tick).to.equal(before + 1);
  });

  it('hears another process’s commit through the database’s notification', async () => {
    const db = await testDb();
    const clock = await liveClock(db);
    const user = await createUser(db);
    const before = clock.tick;
    await writeFromElsewhere(db, 'update users set name = $1 where id = $2', ['Changed elsewhere', user.id]);
    await eventually(() => clock.tick !== before, 'the notification arrives');
  });

  it('hears nothing of a transaction rolled back elsewhere', async () => {
    const db = await testDb();
    const clock = await liveClock(db);
    const user = await createUser(db);
    await heardEverything(db, clock, user.id);
    const before = clock.tick;
    await writeFromElsewhere(db, `do $$ begin update users set name = 'never' where id = ${Number(user.id)}; raise exception 'undo'; end $$`).catch(() => undefined);
    await heardEverything(db, clock, user.id);
    expect(clock.tick).to.equal(before + 1);
  });
});
