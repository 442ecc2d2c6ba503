/**
 * FCP and LCP of the floor page (bench/floor: the app's libraries and a static list), the sign-in
 * page (signed-out home) and the feed (signed in), each the median of fresh loads (a new context
 * every time: empty storage, nothing cached) with the CPU throttled. The three are loaded in turn
 * within each iteration, so a busy spell of the machine falls on all of them alike, and the app's
 * figures are also given as ratios to the floor's. The API answers at once (latency 0): these
 * figures are the app's own start-up and render cost.
 */
import type { Browser } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, openPage, SELECTORS, type ProbeSnapshot } from '../browser';
import type { BenchSite } from '../servers';
import { medianOf, round1 } from '../stats';

export interface PaintFigures {
  fcpMs: number | null;
  lcpMs: number | null;
  /** The element LCP picked, in the last load. */
  lcpElement: string | null;
  fcpSamplesMs: Array<number | null>;
  lcpSamplesMs: Array<number | null>;
}

type PageName = 'floor' | 'signIn' | 'feed';

/** After the page's own content is on screen, LCP may still move to a later, larger paint: wait this long. */
const SETTLE_MS = 1000;

async function load(browser: Browser, site: BenchSite, ready: string, token: string | undefined, cpuThrottle: number) {
  const bench = await openPage(browser, site, { token, cpuThrottle, watch: [{ name: 'ready', selector: ready }] });
  try {
    await bench.page.goto(site.url);
    await bench.waitForMark('ready', 60_000);
    await bench.page.waitForTimeout(SETTLE_MS);
    return await bench.snapshot();
  } finally {
    await bench.close();
  }
}

const ratio = (app: number | null, floor: number | null) => (app === null || floor === null || floor === 0 ? null : Math.round((app / floor) * 100) / 100);

export async function measurePaint(
  browser: Browser,
  app: BenchSite,
  floor: BenchSite | null,
  { iterations, cpuThrottle }: { iterations: number; cpuThrottle: number },
) {
  const pages: Array<[PageName, BenchSite, string, string | undefined]> = [
    ...(floor ? ([['floor', floor, 'article[data-post-id]', undefined]] as Array<[PageName, BenchSite, string, string | undefined]>) : []),
    ['signIn', app, SELECTORS.signInField, undefined],
    ['feed', app, SELECTORS.feedPost, ADA_TOKEN],
  ];
  const samples: Partial<Record<PageName, ProbeSnapshot[]>> = {};
  for (let i = 0; i < iterations; i += 1) {
    for (const [name, site, ready, token] of pages) {
      progress(`paint: ${name} load ${i + 1}/${iterations} (CPU ${cpuThrottle}x)`);
      (samples[name] ??= []).push(await load(browser, site, ready, token, cpuThrottle));
    }
  }
  const result: Partial<Record<PageName, PaintFigures>> = {};
  for (const [name, list] of Object.entries(samples) as Array<[PageName, ProbeSnapshot[]]>) {
    const fcp = list.map((s) => round1(s.fcpMs));
    const lcp = list.map((s) => round1(s.lcpMs));
    result[name] = { fcpMs: medianOf(fcp), lcpMs: medianOf(lcp), lcpElement: list.at(-1)?.lcpElement ?? null, fcpSamplesMs: fcp, lcpSamplesMs: lcp };
  }
  const f = result.floor;
  return {
    ...result,
    ...(f
      ? {
          /** The app's median over the floor's median, from the same run. */
          vsFloor: {
            signIn: { fcp: ratio(result.signIn?.fcpMs ?? null, f.fcpMs), lcp: ratio(result.signIn?.lcpMs ?? null, f.lcpMs) },
            feed: { fcp: ratio(result.feed?.fcpMs ?? null, f.fcpMs), lcp: ratio(result.feed?.lcpMs ?? null, f.lcpMs) },
          },
        }
      : {}),
  };
}
