// The tests' own known state (test/support/database.ts): a reset empties what tests wrote and
// restarts its ids; a snapshot restore gives the rows back and leaves the kept tables alone.
import { expect } from 'chai';
import { resetDatabase, resetToSnapshot, testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import { testLab } from '../../support/lab.js';
import type { Db } from '../../../server/db/index.js';

const rowCount = async (db: Db, table: string): Promise<number> => Number((await db(table).count<{ count: string }[]>('* as count'))[0].count);
const nextId = async (db: Db, table: string): Promise<number> =>
  Number((await db.raw<{ rows: { id: string }[] }>(`select nextval(pg_get_serial_sequence(?, 'id')) as id`, [table])).rows[0].id);

describe('test snapshots and resets', () => {
  it('empties what tests wrote and starts its ids again, keeping the lab panel', async () => {
    const db = await testDb();
    await testLab(db);
    const panels = await rowCount(db, 'marker_panels');
    expect(panels).to.be.above(0);
    await createUser(db, { email: 'reset-me@example.test' });
    await resetDatabase(db);
    expect(await rowCount(db, 'users')).to.equal(0);
    expect(await nextId(db, 'users')).to.equal(1);
    expect(await rowCount(db, 'marker_panels')).to.equal(panels);
  });

  it('gives back the rows and ids of the snapshot, and never takes a kept table back to before its rows', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const build = async (built: Db) => {
      await createUser(built, { email: 'in-the-snapshot@example.test' });
    };
    await resetToSnapshot('snapshot_probe', build);
    // a kept row stored after the snapshot, as a lab storing its panel after it would (the lab's own
    // panel stays: the other snapshots of this process refer to it)
    await testLab(db);
    const marker = await db('markers').first('id');
    const [kept] = await db('marker_panels').insert({ name: 'snapshot-probe-panel', marker_count: 1, markers_sha256: 'e'.repeat(64), marker_ids: [marker.id] }).returning('id');
    try {
      await createUser(db, { email: 'after-the-snapshot@example.test' });
      await resetToSnapshot('snapshot_probe', build);
      expect((await db('users').select('email')).map((row) => row.email)).to.deep.equal(['in-the-snapshot@example.test']);
      expect(await nextId(db, 'users')).to.equal(2);
      expect(await nextId(db, 'marker_panels')).to.be.above(kept.id);
    } finally {
      await db('marker_panels').where({ id: kept.id }).delete();
    }
  });
});
