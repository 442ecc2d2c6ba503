// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CONTENT_MAX_WAIT_MS, holdUntilFirstContent, whenFirstContent } from '../../src/lib/first-content';

describe('whenFirstContent', () => {
  afterEach(async () => {
    holdUntilFirstContent(Promise.resolve());
    await whenFirstContent(() => undefined);
    vi.useRealTimers();
  });

  it('runs at once, in the caller’s own turn, when nothing holds it', async () => {
    let ran = false;
    const result = whenFirstContent(() => {
      ran = true;
      return 'done';
    });
    expect(ran).toBe(true);
    await expect(result).resolves.toBe('done');
  });

  it('waits for the hold, and runs as soon as it settles (failed too)', async () => {
    let fail = (_reason: Error) => {};
    holdUntilFirstContent(new Promise((_resolve, reject) => (fail = reject)));
    const run = vi.fn(() => 'done');
    const result = whenFirstContent(run);
    await Promise.resolve();
    expect(run).not.toHaveBeenCalled();
    fail(new Error('the feed failed'));
    await expect(result).resolves.toBe('done');
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits no longer than the longest hold', async () => {
    vi.useFakeTimers();
    holdUntilFirstContent(new Promise(() => {}));
    const run = vi.fn();
    void whenFirstContent(run);
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledOnce();
  });
});
