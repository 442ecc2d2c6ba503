/**
 * FCP and LCP of the sign-in page (signed out home) and the feed (signed in), each the median of
 * fresh loads (a new context every time: empty storage, nothing cached) with the CPU throttled.
 * The API answers at once (latency 0): these figures are the app's own start-up and render cost.
 */
import type { Browser } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, openPage, SELECTORS } from '../browser';
import type { BenchApp } from '../servers';
import { medianOf, round1 } from '../stats';

export interface PaintFigures {
  fcpMs: number | null;
  lcpMs: number | null;
  /** The element LCP picked, in the last load. */
  lcpElement: string | null;
  fcpSamplesMs: Array<number | null>;
  lcpSamplesMs: Array<number | null>;
}

/** After the page's own content is on screen, LCP may still move to a later, larger paint: wait this long. */
const SETTLE_MS = 1000;

async function load(browser: Browser, app: BenchApp, signedIn: boolean, cpuThrottle: number) {
  const bench = await openPage(browser, app, {
    token: signedIn ? ADA_TOKEN : undefined,
    cpuThrottle,
    watch: [{ name: 'ready', selector: signedIn ? SELECTORS.feedPost : SELECTORS.signInField }],
  });
  try {
    await bench.page.goto(app.url);
    await bench.waitForMark('ready', 60_000);
    await bench.page.waitForTimeout(SETTLE_MS);
    return await bench.snapshot();
  } finally {
    await bench.close();
  }
}

export async function measurePaint(browser: Browser, app: BenchApp, { iterations, cpuThrottle }: { iterations: number; cpuThrottle: number }) {
  const result: Record<'signIn' | 'feed', PaintFigures> = {} as Record<'signIn' | 'feed', PaintFigures>;
  for (const [key, signedIn] of [['signIn', false], ['feed', true]] as const) {
    const samples = [];
    for (let i = 0; i < iterations; i += 1) {
      progress(`paint: ${key} load ${i + 1}/${iterations} (CPU ${cpuThrottle}x)`);
      samples.push(await load(browser, app, signedIn, cpuThrottle));
    }
    const fcp = samples.map((s) => round1(s.fcpMs));
    const lcp = samples.map((s) => round1(s.lcpMs));
    result[key] = { fcpMs: medianOf(fcp), lcpMs: medianOf(lcp), lcpElement: samples.at(-1)?.lcpElement ?? null, fcpSamplesMs: fcp, lcpSamplesMs: lcp };
  }
  return result;
}
