/**
 * Many tabs of one account (issue 38): three signed-in tabs of one browser (one context: they share
 * Web Locks and BroadcastChannel, as a browser's tabs do) against one tab alone in another browser,
 * side by side on the same API, all visible (a browser shows one tab a window; three visible tabs are
 * the worst case, three windows). Their API requests are counted over the same real window twice:
 * idle, then while another account posts `postsPerMinute` times a minute (straight into the mock's
 * database, so only the tabs' own requests are counted). The budget: three tabs ≤ 1.2× one tab.
 */
import type { Browser } from 'playwright-core';
import { MOCK_USER_IDS } from '../../../src/mocks/fixtures';
import { ADA_TOKEN, openPage, SELECTORS, VIEWPORT, type BenchPage } from '../browser';
import { progress } from '../log';
import { countByEndpoint, waitForApiIdle } from '../requests';
import type { BenchApp } from '../servers';

const SETTLE_QUIET_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openFeed(browser: Browser, app: BenchApp, context?: BenchPage['context']): Promise<BenchPage> {
  const bench = await openPage(browser, app, { context, token: ADA_TOKEN, watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }] });
  await bench.page.goto(app.url);
  await bench.waitForMark('firstPost');
  return bench;
}

export async function measureTabs(browser: Browser, app: BenchApp, { windowSeconds, postsPerMinute = 6 }: { windowSeconds: number; postsPerMinute?: number }) {
  const alone = await openFeed(browser, app);
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  const three: BenchPage[] = [];
  try {
    for (let i = 0; i < 3; i += 1) three.push(await openFeed(browser, app, context));
    progress(`tabs: waiting for the four feeds to settle (API quiet for ${SETTLE_QUIET_MS / 1000} s)`);
    await Promise.all([alone, ...three].map((tab) => waitForApiIdle(tab.api, { quietMs: SETTLE_QUIET_MS, timeoutMs: 60_000 })));

    const perMinute = (count: number) => Math.round(((count * 60) / windowSeconds) * 10) / 10;
    /** The requests of one tab and of the three over `windowSeconds`, while `during` runs. */
    async function window(label: string, during: () => () => void) {
      const from = [alone, ...three].map((tab) => tab.api.requests.length);
      progress(`tabs: counting API requests for ${windowSeconds} s (${label})`);
      const stop = during();
      await sleep(windowSeconds * 1000);
      stop();
      const [one, ...others] = [alone, ...three].map((tab, i) => tab.api.requests.slice(from[i]));
      const threeTabs = others.flat();
      const oneRate = perMinute(one!.length);
      const threeRate = perMinute(threeTabs.length);
      return {
        oneTab: { requestsPerMinute: oneRate, byEndpoint: countByEndpoint(one!) },
        threeTabs: {
          requestsPerMinute: threeRate,
          perTab: others.map((list) => perMinute(list.length)),
          byEndpoint: countByEndpoint(threeTabs),
          // What each of the three asked, in order (the reader's list is the long one): which reads a follower still makes.
          requestsByTab: others.map((list) => list.map((request) => `${request.method} ${request.path}`)),
        },
        ratio: oneRate > 0 ? Math.round((threeRate / oneRate) * 100) / 100 : null,
      };
    }

    const idle = await window('idle', () => () => {});
    let posted = 0;
    const posting = await window(`another account posting ${postsPerMinute} times a minute`, () => {
      const timer = setInterval(() => {
        posted += 1;
        app.db.createPost(MOCK_USER_IDS.bram, { content: `A post by bram for the tabs bench, ${posted}.` });
      }, 60_000 / postsPerMinute);
      return () => clearInterval(timer);
    });
    return { windowSeconds, tabs: 3, idle, posting: { postsPerMinute, posted, ...posting } };
  } finally {
    await Promise.all([alone.close(), ...three.map((tab) => tab.close())]);
    await context.close().catch(() => {});
  }
}
