// A failed swab's owner reads where the replacement swab stands (authorized or sent), not only that the sample failed.
import { expect } from 'chai';
import type { Express } from 'express';
import { signIn } from '../../support/app.js';
import { DEMO_PASSWORD } from '../../../server/demo/accounts.js';
import { testDb } from '../../support/database.js';
import { swabStateText } from '../../../server/results/status.js';
import { demoPopulation, ownedPetNum } from './population.js';

describe('results of a dog whose swab failed', function () {
  this.timeout(180_000);
  let app: Express;

  before(async () => {
    app = await demoPopulation();
  });

  const summary = async (name: string) => {
    const agent = await signIn(app, 'reswab@demo.test', DEMO_PASSWORD);
    return (await agent.get(`/members/results/summary?i=${await ownedPetNum('reswab@demo.test', name)}`).expect(200)).text;
  };

  it('says a replacement swab was approved, or when it was sent, as the reswab stands', async () => {
    const db = await testDb();
    const sent = await db('reswabs').where({ pet_num: await ownedPetNum('reswab@demo.test', 'Comet') }).first('status', 'ordered_at');
    expect(sent.status).to.equal('ordered');
    expect(await summary('Pebble')).to.include('A free replacement swab has been approved for this dog; we will send it to you.');
    expect(await summary('Comet')).to.include(`A free replacement swab was sent on ${new Date(sent.ordered_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}: swab again`);
  });

  it('says only that the sample failed when no replacement is under way', () => {
    expect(swabStateText('failed')).to.equal('The sample could not be read; we will be in touch about a new swab.');
    expect(swabStateText('failed', { status: 'cancelled', orderedAt: null })).to.equal('The sample could not be read; we will be in touch about a new swab.');
    expect(swabStateText('received', { status: 'authorized', orderedAt: null })).to.equal('The lab has received the swab.');
  });
});
