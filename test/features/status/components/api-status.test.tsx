/**
 * The status line while requests fail now and then (issue 39): "API online" said that through a
 * flaky network, since the ping it reads was answered. Any request failing the way a flaky network
 * fails (a 5xx, a 429, no answer) makes it say the API is having trouble, until a while passes with
 * none failing. Isolated (vite.config.ts): the trouble it reads is module state.
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../../src/entities/account/token-store';
import { configureApi } from '../../../../src/lib/api/client';
import { apiState } from '../../../../src/features/status/components/api-status';
import { holdUntilFirstContent } from '../../../../src/lib/first-content';
import { followNetwork, onlineStatus, TROUBLE_MS } from '../../../../src/lib/online-status';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../../../support/mock-backend';
import { renderApp } from '../../../support/render-app';

afterEach(() => {
  vi.useRealTimers();
});

describe('the API status line', () => {
  it('one rule before and after its check loads: offline first, then trouble, then what the check heard', () => {
    expect(apiState(false, true, 'up')).toBe('offline');
    expect(apiState(true, true, 'down')).toBe('offline');
    expect(apiState(true, true, 'up')).toBe('trouble');
    expect(apiState(true, true)).toBe('trouble');
    expect(apiState(true, false, 'up')).toBe('online');
    expect(apiState(true, false)).toBe('checking');
  });

  it('until the page’s first content, says what is known without asking: checking, or unreachable at once when requests get no answer', async () => {
    let release!: () => void;
    holdUntilFirstContent(new Promise<void>((resolve) => (release = resolve)), 60_000);
    renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    await screen.findByText('Checking API…');
    followNetwork(true);
    try {
      onlineStatus.reached(false);
      await screen.findByText('API unreachable');
      onlineStatus.reached(true);
      await screen.findByText('Checking API…');
    } finally {
      followNetwork(false);
    }
    // Its first content shown, the status's own code loads and reads the API's answers.
    release();
    await screen.findByText('API online');
  });

  it('says the API is having trouble while reads fail, and online again once they stop failing for a while', async () => {
    // Date too: the check's timer is armed for a due time worked out from Date.now() (head-poll.ts).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    // As app/start.tsx configures it: every part of onlineStatus the transport takes.
    configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000, ...onlineStatus });
    await screen.findAllByRole('article', {}, { timeout: 5_000 });
    await screen.findByText('API online', {}, { timeout: 5_000 });

    // The feed's minute check for new posts meets a 503, a 429 and a dropped connection in turn.
    const faults = [
      () => new HttpResponse('<html>503</html>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
      () => HttpResponse.json({ error: true, reason: 'Slow down' }, { status: 429, headers: { 'Retry-After': '1' } }),
      () => HttpResponse.error(),
    ];
    for (const fault of faults) {
      let failed = 0;
      server.use(
        http.get(`${TEST_API_BASE}/v2/post/:id`, () => {
          failed += 1;
          return fault();
        }),
      );
      // Up to the next check, ten seconds at a time (well within TROUBLE_MS of the failure). Not a
      // fixed number of steps: the check is the feed's later part's (feed-visit.tsx), whose code
      // loads after the first content, in real time; on a loaded machine, or with Vite's transform
      // cache cold, seven steps of the fake clock went by before it had loaded, and nothing failed.
      await vi.waitFor(
        async () => {
          await vi.advanceTimersByTimeAsync(10_000);
          expect(failed).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 20 },
      );
      await screen.findByText('API having trouble');
      expect(screen.queryByText('API online')).toBeNull();
      server.resetHandlers();
    }

    // Answered again (the next checks are): "online" once TROUBLE_MS has passed without a failure.
    await vi.advanceTimersByTimeAsync(TROUBLE_MS + 1_000);
    await screen.findByText('API online');
    // Three minutes of checks on the fake clock, each rendering the app: on a loaded 2-core machine, over 10 s.
  }, 40_000);
});
