import { expect } from 'chai';
import { WAITED_TOO_LONG } from '../../../server/shared/messages';
import {
  LIBRARY_WAIT_INTERVAL_MS,
  LIBRARY_WAIT_MAX_ATTEMPTS,
  READY_MARKER_DELAY_MS,
  STICKY_MIN_WIDTH_PX,
  STICKY_SUBMENU_OFFSET_PX,
  STICKY_Z_INDEX,
} from '../../../widgets/startup/constants';
import { requiredLibraries, waitForLibraries } from '../../../widgets/startup/library-wait';

/** A window whose globals count how often the wait looked them up. */
function countingWindow(globals: Record<string, unknown>) {
  const lookups: Record<string, number> = {};
  const win = new Proxy(globals, {
    get(target, name: string) {
      lookups[name] = (lookups[name] ?? 0) + 1;
      return target[name];
    },
  });
  return { win, lookups };
}

describe('library wait', () => {
  it('uses the spec timings: every 2 s, 10 attempts; ready marker after 500 ms', () => {
    expect(LIBRARY_WAIT_INTERVAL_MS).to.equal(2000);
    expect(LIBRARY_WAIT_MAX_ATTEMPTS).to.equal(10);
    expect(READY_MARKER_DELAY_MS).to.equal(500);
    expect([STICKY_MIN_WIDTH_PX, STICKY_SUBMENU_OFFSET_PX, STICKY_Z_INDEX]).to.deep.equal([920, 64, 500]);
  });

  it('reads the comma-separated list of the body', () => {
    const body = { dataset: { requiresLibraries: 'jQuery, Chart,' } } as unknown as HTMLElement;
    expect(requiredLibraries(body)).to.deep.equal(['jQuery', 'Chart']);
    expect(requiredLibraries({ dataset: {} } as unknown as HTMLElement)).to.deep.equal([]);
  });

  it('resolves at once when nothing is required or everything is there', async () => {
    await waitForLibraries([], { win: {} });
    await waitForLibraries(['jQuery'], { win: { jQuery() {} } });
  });

  it('resolves once a library appears on a later attempt', async () => {
    const globals: Record<string, unknown> = {};
    const { win, lookups } = countingWindow(globals);
    // the library arrives between the third attempt and the fourth
    Object.defineProperty(globals, 'Chart', { get: () => (lookups.Chart > 3 ? {} : undefined) });
    await waitForLibraries(['Chart'], { win, intervalMs: 1 });
    expect(lookups.Chart).to.equal(4);
  });

  it("fails after the 10th attempt with 'Waited more than 10 attempts' naming the missing library", async () => {
    const { win, lookups } = countingWindow({ jQuery: {} });
    const error = await waitForLibraries(['jQuery', 'Chart'], { win, intervalMs: 1 }).then(
      () => expect.fail('the wait should fail'),
      (reason: Error) => reason,
    );
    expect(error.message).to.equal(`${WAITED_TOO_LONG} for Chart`);
    expect(lookups.Chart).to.equal(10);
  });
});
