/**
 * A long session in one tab (issue 38, "memory that stays flat"): ada's feed open for `minutes`
 * (60 for the budget), another account posting `postsPerMinute` times a minute (straight into the
 * mock's database), and a scripted person who, every minute, shows the new posts when the feed
 * offers them, scrolls down a few pages (every fifth minute far down, past the feed's window of
 * pages) and back up, opens a thread and comes back; every fifth minute instead the tab is hidden
 * for 45 s (past the app's "after a while", 30 s) and shown again. At minute 1, every
 * `intervalMinutes` and at the end, at the top of the feed with the tab visible, the page's heap
 * after a forced garbage collection, its DOM nodes and JS event listeners (CDP Performance
 * metrics) and the API requests a minute since the last sample. The budget: heap at the end ≤
 * 1.2× heap at minute 10 (soak-summary.ts). Real time throughout: the app's own timers run at
 * their pace, so an hour's run takes an hour.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { MOCK_USER_IDS } from '../../../src/mocks/fixtures';
import { ADA_TOKEN, openPage, SELECTORS, VIEWPORT } from '../browser';
import { errorText, progress } from '../log';
import { countByEndpoint, waitForApiIdle } from '../requests';
import type { BenchApp } from '../servers';
import { sampleLine, sampleMinutes, summarizeSoak, type SoakSample } from '../soak-summary';

const MINUTE_MS = 60_000;
const SETTLE_QUIET_MS = 3_000;
/** Hidden this long every fifth minute: past the app's RETURN_AFTER_MS (30 s), so coming back is "after a while". */
const HIDDEN_MS = 45_000;
const WHEEL_PX = 700;
/** Wheel steps down: an ordinary minute's few pages, and every fifth minute's far scroll (past the feed's 200 posts). */
const STEPS_DOWN = 15;
const STEPS_FAR_DOWN = 60;
/** Errors of the person's actions kept for the report (the run goes on after one). */
const ERRORS_KEPT = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  // Twice: what the first collection frees may let finalizers free more.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/**
 * A heap snapshot of the page (taken after the GC of `metrics`), streamed to `file`: the
 * .heapsnapshot JSON that DevTools' Memory panel opens and bench/src/heap-diff.ts compares.
 */
async function writeHeapSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const out = createWriteStream(file);
  const onChunk = ({ chunk }: { chunk: string }) => {
    out.write(chunk);
  };
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

async function wheel(page: Page, steps: number, px: number, pauseMs: number): Promise<void> {
  for (let i = 0; i < steps; i += 1) {
    await page.mouse.wheel(0, px);
    await sleep(pauseMs);
  }
}

export interface SoakOptions {
  minutes: number;
  intervalMinutes: number;
  postsPerMinute?: number;
  /** Where to write a heap snapshot at each sample (minute-<m>.heapsnapshot), or null. */
  heapSnapshots?: string | null;
}

export async function measureSoak(browser: Browser, app: BenchApp, { minutes, intervalMinutes, postsPerMinute = 6, heapSnapshots = null }: SoakOptions) {
  const bench = await openPage(browser, app, {
    token: ADA_TOKEN,
    emulateVisibility: true,
    // The probe's lists of requests would grow in the heap measured here (about 90 bytes a request).
    keepEntries: false,
    watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }],
  });
  const { page, api } = bench;
  const cdp = await bench.context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (heapSnapshots) {
    await mkdir(heapSnapshots, { recursive: true });
    await cdp.send('HeapProfiler.enable');
  }
  let poster: ReturnType<typeof setInterval> | undefined;
  const errors: string[] = [];
  let failedActions = 0;
  const attempt = async (what: string, action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      failedActions += 1;
      if (errors.length < ERRORS_KEPT) errors.push(`${what}: ${errorText(error)}`);
      progress(`soak: ${what} failed: ${errorText(error)}`);
      // Back to a known place: the feed, at its top.
      await page.goto(app.url).catch(() => {});
    }
  };
  const counts = { shown: 0, threads: 0, hidden: 0, farScrolls: 0 };

  /** The person's minute `c` (from 0); done well before the minute ends. */
  async function personMinute(c: number): Promise<void> {
    if (c % 5 === 4) {
      counts.hidden += 1;
      await bench.setVisibility('hidden');
      await sleep(HIDDEN_MS);
      await bench.setVisibility('visible');
      await sleep(3_000);
      return;
    }
    await attempt('show new posts', async () => {
      const pill = page.locator('.feed-new-posts');
      if (await pill.isVisible()) {
        await pill.click();
        counts.shown += 1;
        await sleep(1_500);
      }
    });
    await attempt('scroll down and back', async () => {
      const far = c % 5 === 2;
      if (far) counts.farScrolls += 1;
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      await wheel(page, far ? STEPS_FAR_DOWN : STEPS_DOWN, WHEEL_PX, 400);
      await sleep(2_000);
      await wheel(page, far ? STEPS_FAR_DOWN : STEPS_DOWN, -WHEEL_PX, 150);
      await page.evaluate('window.scrollTo(0, 0)');
      await sleep(1_000);
    });
    await attempt('open a thread and come back', async () => {
      const link = page.locator(`${SELECTORS.feedPost} a.post-replies`).first();
      await link.click({ timeout: 10_000 });
      await page.locator(SELECTORS.threadPost).first().waitFor({ state: 'visible', timeout: 20_000 });
      counts.threads += 1;
      await sleep(4_000);
      await page.goBack();
      await page.locator(SELECTORS.feedPost).first().waitFor({ state: 'visible', timeout: 20_000 });
      await page.evaluate('window.scrollTo(0, 0)');
      await sleep(2_000);
    });
  }

  try {
    await page.goto(app.url);
    await bench.waitForMark('firstPost');
    progress(`soak: the feed is up; waiting for it to settle (API quiet for ${SETTLE_QUIET_MS / 1000} s)`);
    await waitForApiIdle(api, { quietMs: SETTLE_QUIET_MS, timeoutMs: 60_000 });

    let posted = 0;
    poster = setInterval(() => {
      posted += 1;
      app.db.createPost(MOCK_USER_IDS.bram, { content: `A post by bram for the soak, ${posted}.` });
    }, MINUTE_MS / postsPerMinute);

    const marks = sampleMinutes(minutes, intervalMinutes);
    progress(`soak: ${minutes} minutes, another account posting ${postsPerMinute} a minute; sampling at minutes ${marks.join(', ')}`);
    const started = Date.now();
    const samples: SoakSample[] = [];
    let from = { at: started, index: 0 };
    const endpointsByInterval: Array<{ minute: number; byEndpoint: Record<string, number> }> = [];
    for (let c = 0; c < minutes; c += 1) {
      await personMinute(c);
      await sleep(Math.max(0, started + (c + 1) * MINUTE_MS - Date.now()));
      const minute = c + 1;
      if (!marks.includes(minute)) continue;
      const now = Date.now();
      const requests = api.requests.slice(from.index);
      const m = await metrics(cdp);
      const sample: SoakSample = {
        minute,
        heapUsedBytes: Math.round(m.JSHeapUsedSize ?? 0),
        domNodes: Math.round(m.Nodes ?? 0),
        jsEventListeners: Math.round(m.JSEventListeners ?? 0),
        requests: requests.length,
        requestsPerMinute: Math.round((requests.length / ((now - from.at) / MINUTE_MS)) * 10) / 10,
        posted,
      };
      if (heapSnapshots) {
        const file = join(heapSnapshots, `minute-${minute}.heapsnapshot`);
        await writeHeapSnapshot(cdp, file);
        progress(`soak: heap snapshot written to ${file}`);
      }
      samples.push(sample);
      endpointsByInterval.push({ minute, byEndpoint: countByEndpoint(requests) });
      progress(`soak: ${sampleLine(sample)}`);
      from = { at: now, index: api.requests.length };
    }
    const summary = summarizeSoak(samples);
    progress(
      `soak: heap at minute ${summary.endMinute} ${summary.heapVsBaseline ?? '?'}× minute ${summary.baselineMinute}'s (≤ ${summary.heapLimit}×: ${summary.heapMet === null ? 'not measured' : summary.heapMet ? 'pass' : 'MISS'}); DOM nodes ${summary.domNodesVsBaseline ?? '?'}×, listeners ${summary.jsEventListenersVsBaseline ?? '?'}×, requests a minute ${summary.requestsPerMinuteVsBaseline ?? '?'}×`,
    );
    return {
      minutes,
      intervalMinutes,
      postsPerMinute,
      posted,
      person: { ...counts, failedActions, errors },
      samples,
      requestsByInterval: endpointsByInterval,
      ...summary,
    };
  } finally {
    clearInterval(poster);
    await cdp.detach().catch(() => {});
    await bench.close();
  }
}
