import { expect } from 'chai';
import { testDb } from '../../support/database.js';
import { testLab } from '../../support/lab.js';
import { TEST_LAB_OPTIONS } from '../../support/app.js';
import { panelChecksum } from '../../../server/lab/panel-store.js';

describe('the lab panel of a database', () => {
  it('is named after its options and its checksum, so a release with new markers stores its panel beside the old one', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { name } = await db('marker_panels').where({ id: lab.panelId }).first('name');
    expect(name).to.equal(`simulated-${TEST_LAB_OPTIONS.panelSize}-seed-${TEST_LAB_OPTIONS.seed}-${panelChecksum(lab.panel).slice(0, 12)}`);
    // The name an older release gave its panel (no checksum) no longer collides.
    expect(name).to.not.equal(`simulated-${TEST_LAB_OPTIONS.panelSize}-seed-${TEST_LAB_OPTIONS.seed}`);
  });
});
