/**
 * What an idle feed costs the server: two signed-in tabs load the feed and are left until the API
 * has been quiet for a while (the first load's work done); then one is hidden (visibility emulated:
 * headless Chromium never hides a page, see browser.ts) and the API requests of both are counted
 * over the same real `windowSeconds` (default 60). Nothing is posted meanwhile, so every request
 * is a check that finds nothing new. Then the hidden tab is shown again and its requests over the
 * next few seconds are counted (what coming back costs). No fake timers: the app's own intervals
 * run at their real pace, so a window shorter than the app's interval undercounts; the report
 * gives per-minute rates scaled from the window.
 */
import type { Browser } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, openPage, SELECTORS, type BenchPage } from '../browser';
import { countByEndpoint, waitForApiIdle } from '../requests';
import type { BenchApp } from '../servers';

/** The first load counts as done once the API has been quiet this long. */
const SETTLE_QUIET_MS = 3000;
const SHOWN_AGAIN_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openFeed(browser: Browser, app: BenchApp): Promise<BenchPage> {
  const bench = await openPage(browser, app, { token: ADA_TOKEN, emulateVisibility: true, watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }] });
  await bench.page.goto(app.url);
  await bench.waitForMark('firstPost');
  return bench;
}

export async function measureIdle(browser: Browser, app: BenchApp, { windowSeconds }: { windowSeconds: number }) {
  const visible = await openFeed(browser, app);
  const hidden = await openFeed(browser, app);
  try {
    progress(`idle: waiting for both feeds to settle (API quiet for ${SETTLE_QUIET_MS / 1000} s)`);
    const settled = await Promise.all([visible, hidden].map((tab) => waitForApiIdle(tab.api, { quietMs: SETTLE_QUIET_MS, timeoutMs: 60_000 })));
    await hidden.setVisibility('hidden');
    const from = [visible.api.requests.length, hidden.api.requests.length] as const;
    progress(`idle: counting API requests for ${windowSeconds} s (one tab visible, one hidden)`);
    await sleep(windowSeconds * 1000);
    const inWindow = [visible.api.requests.slice(from[0]), hidden.api.requests.slice(from[1])] as const;

    const beforeShown = hidden.api.requests.length;
    await hidden.setVisibility('visible');
    await sleep(SHOWN_AGAIN_MS);
    const onReturn = hidden.api.requests.slice(beforeShown);

    const perMinute = (count: number) => Math.round(((count * 60) / windowSeconds) * 10) / 10;
    const tab = (requests: typeof inWindow[0]) => {
      const gets = requests.filter((r) => r.method === 'GET').length;
      return { requests: requests.length, requestsPerMinute: perMinute(requests.length), gets, getsPerMinute: perMinute(gets), byEndpoint: countByEndpoint(requests) };
    };
    return {
      windowSeconds,
      settledBeforeWindow: settled.every(Boolean),
      visible: tab(inWindow[0]),
      hidden: tab(inWindow[1]),
      shownAgain: {
        windowMs: SHOWN_AGAIN_MS,
        requests: onReturn.length,
        byEndpoint: countByEndpoint(onReturn),
      },
    };
  } finally {
    await Promise.all([visible.close(), hidden.close()]);
  }
}
