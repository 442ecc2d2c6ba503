import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_GRACE_MS } from '../../../src/features/compose/use-send-post';
import { moveClock } from '../../support/clock';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { failWith, forgetDrafts, postButton, spyOnCreate, storedNewDraft, textarea } from '../../support/compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
  vi.useRealTimers();
});

const TEXT = 'Sent, then the page was left.';

/**
 * The app's timers (the check's grace pause among them) on a clock that moves with real time and
 * that the test moves on at once: the returned function.
 */
function onTestClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  return (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Counts the reads (GET /v2/post/:id) the landed-post check makes; `hold` keeps each one waiting until released. */
function countReads({ hold = false } = {}) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const reads: string[] = [];
  server.use(
    http.get(`${TEST_API_BASE}/v2/post/:id`, async ({ params }) => {
      reads.push(String(params.id));
      if (hold) await released;
      return undefined;
    }),
  );
  return { reads, release };
}

/** The composer, text typed, Post pressed; the create answers 504 (it may have landed), so the check starts. */
async function sendUnconfirmed() {
  spyOnCreate({ respond: failWith(504, 'Gateway timeout') });
  renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
  // Typing waits a timer per key: the clock moves on for it at once.
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(await textarea(), TEXT);
  await user.click(postButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(/checking whether it arrived/i);
}

describe('leaving while a send is being checked', () => {
  it('during the grace pause: the check never starts, no read is made', async () => {
    const later = onTestClock();
    await sendUnconfirmed();
    const { reads } = countReads();

    cleanup();
    await later(CHECK_GRACE_MS + 5_000);
    // A read started when the pause ended would take a few tasks to reach the server.
    await moveClock(100);

    expect(reads).toEqual([]);
    // Nothing decided whether it landed, so the text is kept (never lost).
    expect(storedNewDraft()?.content).toBe(TEXT);
  });

  it('mid-check: the reads under way finish, and no further read is made', async () => {
    const later = onTestClock();
    await sendUnconfirmed();
    const { reads, release } = countReads({ hold: true });
    await later(CHECK_GRACE_MS);
    await expect.poll(() => reads.length, { timeout: 3_000 }).toBeGreaterThan(0);

    cleanup();
    const atUnmount = reads.length;
    release();
    await moveClock(500);

    expect(reads).toHaveLength(atUnmount);
    expect(storedNewDraft()?.content).toBe(TEXT);
  });
});
