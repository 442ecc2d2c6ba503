/**
 * Lighthouse's own figures, through its public API only (`lighthouse(url, flags, config)` and the
 * report it returns): the performance score, FCP, LCP, TBT, CLS and Speed Index of the floor page,
 * the floor page that must ask the API (bench/floor-api: config.json, then one authorized GET of a
 * known post; the API cross-origin and same-origin, as the feed's), the signed-out home, and the
 * feed with the API cross-origin and same-origin (proxied), with
 * Lighthouse's defaults (mobile emulation, its simulated slow 4G and 4× CPU), performance only.
 *
 * Each page `runs` times (default 3), every run in a new Chromium with a new temporary profile
 * (chrome-launcher), so every run is a first visit; the pages interleaved run by run, so a busy
 * spell of the machine falls on all of them alike. Each figure is the median of its page's runs,
 * and each app page's figure is also given over the floor page's from the same run (`vsFloor`).
 *
 * Signing the feed in: the token lives in sessionStorage, which belongs to one tab, and Lighthouse
 * opens a tab of its own, so a token set beforehand in another tab is not seen. Instead
 * playwright-core attaches to the same Chromium (connectOverCDP) and adds an init script to its
 * default context: every new tab, Lighthouse's included, gets the token in sessionStorage before
 * the app's code runs. Storage reset is off so Lighthouse leaves the origin's storage alone (the
 * profile is new anyway).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import type { LighthousePage } from '../args';
import { ADA_TOKEN, BENCH_CHROMIUM_ARGS, CHROMIUM_PATH, TOKEN_KEY } from '../browser';
import { errorText, progress } from '../log';
import type { BenchSite } from '../servers';
import { median, medianOf, round1 } from '../stats';

/** Lighthouse's figures of one run, and (as medians) of a page's runs. */
export interface LighthouseMetrics {
  /** 0–100. */
  performanceScore: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  totalBlockingTimeMs: number | null;
  cumulativeLayoutShift: number | null;
  speedIndexMs: number | null;
}

export const METRICS = ['performanceScore', 'fcpMs', 'lcpMs', 'totalBlockingTimeMs', 'cumulativeLayoutShift', 'speedIndexMs'] as const satisfies ReadonlyArray<keyof LighthouseMetrics>;

export interface LighthouseRun extends LighthouseMetrics {
  /** The CSS selector Lighthouse gives for the LCP element. */
  lcpElement?: string | null;
  /** GET /v2/post/… requests in Lighthouse's network-requests audit: > 0 shows the page was signed in. */
  postRequests?: number;
  /** How fast this host ran Lighthouse's own CPU benchmark in the run (lhr.environment). */
  benchmarkIndex?: number | null;
  lighthouseVersion?: string;
  runWarnings?: string[];
  error?: string;
}

/** Medians of a page's runs; postRequests, lcpElement and runWarnings are the median-score run's. */
export interface LighthouseFigures extends LighthouseMetrics {
  /** The element Lighthouse names as the largest paint (its CSS selector). */
  lcpElement?: string;
  /** Runs that produced a score. */
  runs: number;
  /** [lowest, highest] score of the runs. */
  performanceScoreRange: [number, number] | null;
  performanceScoreSamples: Array<number | null>;
  postRequests?: number;
  benchmarkIndex: number | null;
  runWarnings?: string[];
  errors?: string[];
}

/** An app page's figures over the floor page's (null where either is missing or the floor's is 0). */
export type VsFloor = Record<(typeof METRICS)[number], number | null>;

function figures(lhr: Result): LighthouseRun {
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? round1(value) : null;
  };
  const score = lhr.categories.performance?.score;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  return {
    performanceScore: typeof score === 'number' ? Math.round(score * 100) : null,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    totalBlockingTimeMs: audit('total-blocking-time'),
    cumulativeLayoutShift: typeof cls === 'number' ? Math.round(cls * 10_000) / 10_000 : null,
    speedIndexMs: audit('speed-index'),
    postRequests: postRequests(lhr),
    lcpElement: lcpElement(lhr),
    benchmarkIndex: round1(lhr.environment.benchmarkIndex),
    lighthouseVersion: lhr.lighthouseVersion,
    ...(lhr.runWarnings.length ? { runWarnings: lhr.runWarnings } : {}),
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

function lcpElement(lhr: Result): string | null {
  // A list of tables, the first naming the element: read loosely, as Lighthouse's detail types are unions.
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.selector ?? null;
}

/**
 * The API floor's largest paint must be its post's text: anything else (its heading, an error) would
 * make it a floor that does not wait for the API. Such a run is an error, not a figure.
 */
export function checkApiFloorRun(run: LighthouseRun): LighthouseRun {
  if (run.error || run.lcpElement?.includes('post-content')) return run;
  return { ...run, performanceScore: null, error: `the API floor page's largest paint was not its post (${run.lcpElement ?? 'no element'}): did the GET fail?` };
}

function postRequests(lhr: Result): number {
  const details = lhr.audits['network-requests']?.details;
  const items = details && 'items' in details && Array.isArray(details.items) ? (details.items as Array<Record<string, unknown>>) : [];
  return items.filter((item) => typeof item.url === 'string' && /\/v2\/post\/\d+(\?|$)/.test(item.url)).length;
}

/**
 * One Lighthouse run in a Chromium of its own (a new temporary profile); `signedInOrigin` gets the
 * token before the app runs. `settings`: Lighthouse's public config settings to change (none: its
 * defaults, which is what the bench's figures are).
 */
export async function runLighthouse(
  url: string,
  signedInOrigin: string | null,
  { saveAs = null, settings }: { saveAs?: string | null; settings?: Config['settings'] } = {},
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: BENCH_CHROMIUM_ARGS, logLevel: 'error' });
  try {
    const attached = signedInOrigin ? await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`) : null;
    try {
      if (attached) {
        const context = attached.contexts()[0];
        if (!context) throw new Error('no default browser context to add the sign-in script to');
        await context.addInitScript({
          content: `if (location.origin === ${JSON.stringify(signedInOrigin)}) sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(ADA_TOKEN)});`,
        });
      }
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: signedInOrigin !== null },
        settings ? { extends: 'lighthouse:default', settings } : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      if (saveAs) writeFileSync(saveAs, JSON.stringify(result.lhr));
      return figures(result.lhr);
    } finally {
      // Detach only: Chromium belongs to chrome-launcher.
      await attached?.close().catch(() => {});
    }
  } finally {
    chrome.kill();
  }
}

export const failedRun = (error: unknown): LighthouseRun => ({
  performanceScore: null,
  fcpMs: null,
  lcpMs: null,
  totalBlockingTimeMs: null,
  cumulativeLayoutShift: null,
  speedIndexMs: null,
  error: errorText(error),
});

export function summarise(runs: LighthouseRun[]): LighthouseFigures {
  const ok = runs.filter((r) => r.performanceScore !== null && !r.error);
  const scores = ok.map((r) => r.performanceScore!);
  const pick = (f: (r: LighthouseRun) => number | null) => medianOf(ok.map(f));
  const medianScore = median(scores);
  // The run whose score is the median: its warnings and requests go with the median figure.
  const typical = ok.find((r) => r.performanceScore === medianScore) ?? ok[0];
  const cls = median(ok.map((r) => r.cumulativeLayoutShift).filter((v): v is number => v !== null));
  const errors = runs.filter((r) => r.error).map((r) => r.error!);
  return {
    runs: ok.length,
    performanceScore: medianScore,
    performanceScoreRange: scores.length ? [Math.min(...scores), Math.max(...scores)] : null,
    performanceScoreSamples: runs.map((r) => r.performanceScore),
    fcpMs: pick((r) => r.fcpMs),
    lcpMs: pick((r) => r.lcpMs),
    totalBlockingTimeMs: pick((r) => r.totalBlockingTimeMs),
    cumulativeLayoutShift: cls === null ? null : Math.round(cls * 10_000) / 10_000,
    speedIndexMs: pick((r) => r.speedIndexMs),
    ...(typical?.postRequests !== undefined ? { postRequests: typical.postRequests } : {}),
    ...(typical?.lcpElement ? { lcpElement: typical.lcpElement } : {}),
    benchmarkIndex: medianOf(ok.map((r) => r.benchmarkIndex ?? null)),
    ...(typical?.runWarnings ? { runWarnings: typical.runWarnings } : {}),
    ...(errors.length ? { errors } : {}),
  };
}

/** `app` over `floor`, to two decimals; null when either is missing (or the floor is 0). */
export const ratio = (app: number | null | undefined, floor: number | null | undefined) =>
  app === null || app === undefined || floor === null || floor === undefined || floor === 0 ? null : Math.round((app / floor) * 100) / 100;

/** Every figure of `page` over the floor's. */
export const vsFloor = (page: LighthouseMetrics, floor: LighthouseMetrics): VsFloor =>
  Object.fromEntries(METRICS.map((metric) => [metric, ratio(page[metric], floor[metric])])) as VsFloor;

/**
 * `app`: the API on another origin (every new post URL costs a CORS preflight); `sameOriginApp`:
 * the API behind the page's own origin, as deploy/nginx.conf serves it (`feedSameOrigin`).
 */
export async function measureLighthouse(
  app: BenchSite,
  floor: BenchSite | null,
  {
    runs,
    saveDir,
    sameOriginApp = null,
    apiFloor = null,
    apiFloorSameOrigin = null,
    only = null,
  }: {
    runs: number;
    saveDir: string | null;
    sameOriginApp?: BenchSite | null;
    /** The floor page that must ask the API (bench/floor-api), the API cross-origin and behind its origin: signed in. */
    apiFloor?: BenchSite | null;
    apiFloorSameOrigin?: BenchSite | null;
    only?: ReadonlySet<LighthousePage> | null;
  },
) {
  /** A page, its URL, and the origin whose tabs get the token (null: signed out). */
  type Measured = [LighthousePage, string, string | null];
  const all: Array<Measured | null> = [
    floor && ['floor', floor.url, null],
    apiFloor && ['floorApi', apiFloor.url, apiFloor.origin],
    apiFloorSameOrigin && ['floorApiSameOrigin', apiFloorSameOrigin.url, apiFloorSameOrigin.origin],
    ['signIn', app.url, null],
    ['feed', app.url, app.origin],
    sameOriginApp && ['feedSameOrigin', sameOriginApp.url, sameOriginApp.origin],
  ];
  const pages = all.filter((entry): entry is Measured => entry !== null && (!only || only.has(entry[0])));
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const results: Partial<Record<LighthousePage, LighthouseRun[]>> = {};
  for (let i = 0; i < runs; i += 1) {
    for (const [page, url, signedInOrigin] of pages) {
      progress(`lighthouse: ${page} (mobile${signedInOrigin ? ', signed in' : ''}) run ${i + 1}/${runs}`);
      const saveAs = saveDir ? path.join(saveDir, `${page}-${i + 1}.json`) : null;
      const run = await runLighthouse(url, signedInOrigin, { saveAs }).catch(failedRun);
      (results[page] ??= []).push(page === 'floorApi' || page === 'floorApiSameOrigin' ? checkApiFloorRun(run) : run);
    }
  }
  const summary = Object.fromEntries(Object.entries(results).map(([page, list]) => [page, summarise(list)])) as Partial<Record<LighthousePage, LighthouseFigures>>;
  const f = summary.floor;
  // The feed over the floor that asks the API the same way (cross-origin with cross-origin).
  const apiPairs = [
    ['feed', summary.feed, summary.floorApi],
    ['feedSameOrigin', summary.feedSameOrigin, summary.floorApiSameOrigin],
  ] as const;
  const vsApiFloor = Object.fromEntries(apiPairs.flatMap(([page, figures, apiF]) => (figures && apiF ? [[page, vsFloor(figures, apiF)]] : []))) as Partial<
    Record<'feed' | 'feedSameOrigin', VsFloor>
  >;
  const version = Object.values(results).flatMap((list) => list.map((r) => r.lighthouseVersion)).find(Boolean) ?? null;
  return {
    lighthouseVersion: version,
    settings: "Lighthouse's defaults: mobile emulation, simulated slow 4G and 4× CPU; performance category only; a new Chromium and profile per run",
    runsPerPage: runs,
    ...summary,
    ...(f
      ? {
          /** Each app page's figures over the floor page's, from the same runs. */
          vsFloor: Object.fromEntries(
            (['signIn', 'feed', 'feedSameOrigin'] as const).flatMap((page) => {
              const figures = summary[page];
              return figures ? [[page, vsFloor(figures, f)]] : [];
            }),
          ) as Partial<Record<'signIn' | 'feed' | 'feedSameOrigin', VsFloor>>,
        }
      : {}),
    /** The feed's figures over the API floor page's (config.json, then one authorized GET of a known post), from the same runs. */
    ...(Object.keys(vsApiFloor).length ? { vsApiFloor } : {}),
  };
}

/** The figures side by side, one line a figure, for the progress log (stderr). */
export function sideBySide(
  section: Partial<Record<LighthousePage, LighthouseFigures>> & { vsFloor?: Partial<Record<string, VsFloor>>; vsApiFloor?: Partial<Record<string, VsFloor>> },
): string[] {
  const pages = (['floor', 'floorApi', 'floorApiSameOrigin', 'signIn', 'feed', 'feedSameOrigin'] as const).filter((page) => section[page]);
  const labels: Record<(typeof METRICS)[number], string> = {
    performanceScore: 'score',
    fcpMs: 'FCP ms',
    lcpMs: 'LCP ms',
    totalBlockingTimeMs: 'TBT ms',
    cumulativeLayoutShift: 'CLS',
    speedIndexMs: 'SI ms',
  };
  const cell = (page: LighthousePage, metric: (typeof METRICS)[number]) => {
    const value = section[page]?.[metric];
    const r = page === 'floor' || page === 'floorApi' || page === 'floorApiSameOrigin' ? undefined : section.vsFloor?.[page]?.[metric];
    const rApi = section.vsApiFloor?.[page]?.[metric];
    const shown = value === null || value === undefined ? '–' : metric === 'cumulativeLayoutShift' ? String(value) : String(Math.round(value));
    const times = (x: number | null) => (x === null ? '–' : `${x.toFixed(2)}×`);
    if (r === undefined) return shown;
    return rApi === undefined ? `${shown} (${times(r)})` : `${shown} (${times(r)}; API floor ${times(rApi)})`;
  };
  const rows = [['', ...pages], ...METRICS.map((metric) => [labels[metric], ...pages.map((page) => cell(page, metric))])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((text, column) => text.padEnd(widths[column]!)).join('  ').trimEnd());
}
