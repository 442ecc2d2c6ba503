/**
 * Lighthouse (mobile: its default emulation and simulated throttling, performance only) of the
 * sign-in page and the feed. Chromium is started by chrome-launcher with a debugging port and the
 * bench's flags; Lighthouse drives it on that port.
 *
 * Signing the feed in: the token lives in sessionStorage, which belongs to one tab, and Lighthouse
 * always opens a tab of its own, so a token set beforehand in another tab is not seen. Instead
 * playwright-core attaches to the same Chromium (connectOverCDP) and adds an init script to its
 * default context: every new tab, Lighthouse's included, gets the token in sessionStorage before
 * the app's code runs. Storage reset is off so Lighthouse leaves the origin's storage alone.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ADA_TOKEN, BENCH_CHROMIUM_ARGS, TOKEN_KEY } from '../browser';
import { errorText, progress } from '../log';
import type { BenchApp } from '../servers';
import { CHROMIUM_PATH } from '../shared.mjs';
import { round1 } from '../stats';

export interface LighthouseFigures {
  performanceScore: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  totalBlockingTimeMs: number | null;
  speedIndexMs: number | null;
  cumulativeLayoutShift: number | null;
  /** GET /v2/post/… requests in Lighthouse's network log: > 0 shows the page was signed in. */
  postRequests?: number;
  /** Main-thread time by kind of work (Lighthouse's mainthread-work-breakdown, CPU-throttled). */
  mainThreadMsByGroup?: Record<string, number>;
  runWarnings?: string[];
  error?: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figures(lhr: Lhr): LighthouseFigures {
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? round1(value) : null;
  };
  const score = lhr.categories.performance?.score;
  return {
    performanceScore: typeof score === 'number' ? Math.round(score * 100) : null,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    totalBlockingTimeMs: audit('total-blocking-time'),
    speedIndexMs: audit('speed-index'),
    cumulativeLayoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    postRequests: postRequests(lhr),
    mainThreadMsByGroup: mainThread(lhr),
    ...(lhr.runWarnings.length ? { runWarnings: lhr.runWarnings } : {}),
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

function items(lhr: Lhr, auditId: string): Array<Record<string, unknown>> {
  const details = lhr.audits[auditId]?.details;
  return details && 'items' in details && Array.isArray(details.items) ? (details.items as Array<Record<string, unknown>>) : [];
}

function postRequests(lhr: Lhr): number {
  return items(lhr, 'network-requests').filter((item) => typeof item.url === 'string' && /\/v2\/post\/\d+/.test(item.url)).length;
}

function mainThread(lhr: Lhr): Record<string, number> {
  const groups: Record<string, number> = {};
  for (const item of items(lhr, 'mainthread-work-breakdown')) {
    if (typeof item.group === 'string' && typeof item.duration === 'number') groups[item.group] = round1(item.duration)!;
  }
  return groups;
}

async function audit(url: string, port: number, disableStorageReset: boolean): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset });
  if (!result) throw new Error('Lighthouse returned no result');
  return figures(result.lhr);
}

const failed = (error: unknown): LighthouseFigures => ({
  performanceScore: null,
  fcpMs: null,
  lcpMs: null,
  totalBlockingTimeMs: null,
  speedIndexMs: null,
  cumulativeLayoutShift: null,
  error: errorText(error),
});

export async function measureLighthouse(app: BenchApp): Promise<{ signIn: LighthouseFigures; feed: LighthouseFigures } | { error: string }> {
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: BENCH_CHROMIUM_ARGS,
      logLevel: 'error',
    });
  } catch (error) {
    return { error: `could not start Chromium for Lighthouse: ${errorText(error)}` };
  }
  try {
    progress('lighthouse: sign-in page (mobile)');
    const signIn = await audit(app.url, chrome.port, false).catch(failed);

    progress('lighthouse: feed (mobile, signed in)');
    let feed: LighthouseFigures;
    const attached = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const context = attached.contexts()[0];
      if (!context) throw new Error('no default browser context to add the sign-in script to');
      await context.addInitScript({
        content: `if (location.origin === ${JSON.stringify(app.origin)}) sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(ADA_TOKEN)});`,
      });
      feed = await audit(app.url, chrome.port, true).catch(failed);
    } finally {
      // Detach only: Chromium belongs to chrome-launcher.
      await attached.close().catch(() => {});
    }
    return { signIn, feed };
  } finally {
    chrome.kill();
  }
}
