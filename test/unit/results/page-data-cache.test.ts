import { expect } from 'chai';
import { PageDataCache } from '../../../server/results/page-data-cache.js';

describe('results page data cache', () => {
  const counter = () => {
    let loads = 0;
    return { load: async () => ++loads, get loads() { return loads; } };
  };

  it('loads once per key and generation, and again when the generation moves', async () => {
    const cache = new PageDataCache();
    const source = counter();
    expect(await cache.get('summary:1', '7', source.load)).to.equal(1);
    expect(await cache.get('summary:1', '7', source.load)).to.equal(1);
    expect(await cache.get('summary:2', '7', source.load)).to.equal(2);
    expect(await cache.get('summary:1', '8', source.load)).to.equal(3);
    expect(source.loads).to.equal(3);
  });

  it('keeps nothing without a generation', async () => {
    const cache = new PageDataCache();
    const source = counter();
    await cache.get('summary:1', undefined, source.load);
    await cache.get('summary:1', undefined, source.load);
    expect(source.loads).to.equal(2);
  });

  it('shares one load between simultaneous views', async () => {
    const cache = new PageDataCache();
    const source = counter();
    const values = await Promise.all([cache.get('k', '1', source.load), cache.get('k', '1', source.load)]);
    expect(values).to.deep.equal([1, 1]);
    expect(source.loads).to.equal(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new PageDataCache();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database gone');
    };
    await cache.get('k', '1', failing).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    await cache.get('k', '1', failing).catch(() => undefined);
    expect(calls).to.equal(2);
  });

  it('loads again after a minute even under the same generation', async () => {
    const realNow = Date.now;
    let now = realNow();
    Date.now = () => now;
    try {
      const cache = new PageDataCache();
      const source = counter();
      await cache.get('k', '1', source.load);
      now += 59_000;
      await cache.get('k', '1', source.load);
      expect(source.loads).to.equal(1);
      now += 2_000;
      await cache.get('k', '1', source.load);
      expect(source.loads).to.equal(2);
    } finally {
      Date.now = realNow;
    }
  });
});
