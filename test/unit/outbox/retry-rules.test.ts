import { expect } from 'chai';
import { afterFailure, retryDelayMs, type RetryPolicy } from '../../../server/outbox/rules.js';

describe('outbox retry rules', () => {
  const policy: RetryPolicy = { maxAttempts: 5, firstRetryDelayMs: 1000, maxRetryDelayMs: 5000 };

  it('doubles the wait after each failed try, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelayMs(attempts, policy))).to.deep.equal([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('keeps a message pending until its last try, then makes it dead', () => {
    expect(afterFailure(1, policy)).to.deep.equal({ status: 'pending', delayMs: 1000 });
    expect(afterFailure(4, policy)).to.deep.equal({ status: 'pending', delayMs: 5000 });
    expect(afterFailure(5, policy).status).to.equal('dead');
    expect(afterFailure(9, policy).status).to.equal('dead');
  });

  it('does not overflow on absurd attempt counts', () => {
    expect(retryDelayMs(10_000, policy)).to.equal(5000);
  });
});
