import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContent, FIRST_CONTENT_MAX_WAIT_MS, holdUntilFirstContent } from '../../src/lib/first-content';

/** Whether the promise has settled by now (after the microtasks already queued). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterFirstContent', () => {
  afterEach(() => {
    holdUntilFirstContent(Promise.resolve());
    vi.useRealTimers();
  });

  it('goes at once when nothing holds it', async () => {
    expect(await settled(afterFirstContent())).toBe(true);
  });

  it('waits for the hold, and goes as soon as it settles (failed too)', async () => {
    let fail = (_: Error) => {};
    holdUntilFirstContent(new Promise((_, reject) => (fail = reject)));
    const waiting = afterFirstContent();
    expect(await settled(waiting)).toBe(false);
    fail(new Error('the feed failed'));
    await expect(waiting).resolves.toBeUndefined();
  });

  it('waits no longer than the longest hold', async () => {
    vi.useFakeTimers();
    holdUntilFirstContent(new Promise(() => {}));
    const waiting = afterFirstContent();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
