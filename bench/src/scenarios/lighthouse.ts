/**
 * Lighthouse (mobile: its default emulation and simulated throttling, or with `throttlingMethod`
 * 'devtools' the real load slowed by DevTools; performance only) of the
 * floor page, the sign-in page and the feed (API cross-origin, and same-origin), each `runs` times (default 3) in a fresh Chromium
 * (chrome-launcher: a new temporary profile every run, so every run is a first visit), the pages
 * interleaved run by run so a busy spell of the machine falls on all three alike. Each figure is
 * the median of its runs, with the runs' scores and range beside it.
 *
 * Signing the feed in: the token lives in sessionStorage, which belongs to one tab, and Lighthouse
 * always opens a tab of its own, so a token set beforehand in another tab is not seen. Instead
 * playwright-core attaches to the same Chromium (connectOverCDP) and adds an init script to its
 * default context: every new tab, Lighthouse's included, gets the token in sessionStorage before
 * the app's code runs. Storage reset is off so Lighthouse leaves the origin's storage alone (the
 * profile is new anyway).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { Audit } from 'lighthouse/core/audits/audit.js';
import TotalBlockingTimeAudit from 'lighthouse/core/audits/metrics/total-blocking-time.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { ADA_TOKEN, BENCH_CHROMIUM_ARGS, launchBrowser, TOKEN_KEY } from '../browser';
import { calibratedCpuMultiplier, type CpuCalibration } from '../host-cpu';
import type { LighthousePage, LighthouseThrottling } from '../args';
import { errorText, progress } from '../log';
import type { BenchSite } from '../servers';
import { CHROMIUM_PATH } from '../shared.mjs';
import { median, medianOf, round1 } from '../stats';
import { blockingTimes, type SimulatedNode } from '../thread-time-tbt';

/** What one run measures, and (as medians) what a page's runs add up to. */
interface LighthouseMetrics {
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
  /**
   * The simulated TBT with each main-thread task as long as the main thread ran it (its thread time
   * instead of its wall time; scripts/bench/thread-time-tbt.ts): what the figure would be on a host
   * of this speed with nothing else running. Null where it could not be read (not simulated).
   */
  totalBlockingTimeByThreadTimeMs?: number | null;
  /** The main thread's thread time over the wall time of its simulated tasks (1: never descheduled). */
  mainThreadShare?: number | null;
  /** The performance score with that TBT in place of Lighthouse's (every other metric as measured). */
  performanceScoreByThreadTime?: number | null;
  /** How fast the host ran Lighthouse's own CPU benchmark during the run (lhr.environment). */
  benchmarkIndex?: number | null;
  runWarnings?: string[];
}

export interface LighthouseRun extends LighthouseMetrics {
  error?: string;
}

/** Medians of a page's runs; postRequests, mainThreadMsByGroup and runWarnings are the median run's. */
export interface LighthouseFigures extends LighthouseMetrics {
  /** Runs that produced a score. */
  runs: number;
  /** [lowest, highest] score of the runs. */
  performanceScoreRange: [number, number] | null;
  performanceScoreSamples: Array<number | null>;
  errors?: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figures(lhr: Lhr): LighthouseRun {
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
    speedIndexMs: audit('speed-index'),
    cumulativeLayoutShift: typeof cls === 'number' ? Math.round(cls * 10_000) / 10_000 : null,
    postRequests: postRequests(lhr),
    mainThreadMsByGroup: mainThread(lhr),
    benchmarkIndex: round1(lhr.environment.benchmarkIndex),
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

/** The simulator's record of its last simulations whose label matches: node timings by graph. */
function lastSimulations(label: RegExp) {
  return [...Lantern.Simulation.Simulator.allNodeTimings].filter(([name]) => label.test(name));
}

/**
 * Lighthouse's TBT recomputed from the last run's simulations, and again from thread time
 * (scripts/bench/thread-time-tbt.ts). Null unless the recomputed wall-clock figure is Lighthouse's
 * own (to the millisecond): a figure derived from a misread simulation is worse than none.
 */
function threadTimeBlocking(lhr: Lhr, lighthouseTbtMs: number | null) {
  const simulations = new Map<string, SimulatedNode[]>();
  // Only the simulations TBT is computed from (Lighthouse runs many more, for its opportunities).
  for (const [label, timings] of lastSimulations(/^(optimistic|pessimistic)(FirstContentfulPaint|LargestContentfulPaint|Interactive|TotalBlockingTime)$/)) {
    simulations.set(
      label,
      [...timings].map(([node, timing]) => ({
        type: node.type === 'cpu' ? 'cpu' : 'network',
        startMs: timing.startTime,
        endMs: timing.endTime,
        ...(node.type === 'cpu' ? { event: { dur: node.event.dur, tdur: (node.event as { tdur?: number }).tdur } } : {}),
      })),
    );
  }
  const times = blockingTimes(simulations);
  if (!times || lighthouseTbtMs === null || Math.abs(times.wallMs - lighthouseTbtMs) > 1) {
    if (times) progress(`lighthouse: recomputed TBT ${times.wallMs} ms is not Lighthouse's ${lighthouseTbtMs} ms; no thread-time figure`);
    return { totalBlockingTimeByThreadTimeMs: null, mainThreadShare: null, performanceScoreByThreadTime: null };
  }
  const score = scoreWithTbt(lhr, times.threadMs);
  if (score === null) progress("lighthouse: the performance score could not be recomputed from the run's audits; no thread-time score");
  return { totalBlockingTimeByThreadTimeMs: times.threadMs, mainThreadShare: times.threadShare, performanceScoreByThreadTime: score };
}

/**
 * The performance score (0–100) as Lighthouse weighs it, with the TBT audit scored for `tbtMs`
 * (its mobile curve) and every other audit as the run scored it. Null unless the same sum with the
 * run's own TBT score gives the run's own score.
 */
function scoreWithTbt(lhr: Lhr, tbtMs: number): number | null {
  const refs = lhr.categories.performance?.auditRefs.filter((ref) => ref.weight > 0) ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  if (!refs.some((ref) => ref.id === 'total-blocking-time') || total === 0) return null;
  const tbtScore = Math.round(Audit.computeLogNormalScore(TotalBlockingTimeAudit.defaultOptions.mobile.scoring, tbtMs) * 100) / 100;
  const weighted = (tbt: number | null) =>
    refs.reduce((sum, ref) => sum + ref.weight * (ref.id === 'total-blocking-time' ? (tbt ?? 0) : (lhr.audits[ref.id]?.score ?? 0)), 0) / total;
  const own = lhr.categories.performance?.score;
  // The category's score is its weighted mean rounded to two decimals.
  if (typeof own !== 'number' || Math.abs(weighted(lhr.audits['total-blocking-time']?.score ?? null) - own) > 0.0051) return null;
  return Math.round(weighted(tbtScore) * 100);
}

/** The trace events that say what a simulated main-thread task did. */
const TASK_EVENTS = new Set(['ParseHTML', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'Layout', 'Paint']);

/**
 * The graphs Lighthouse's simulation (Lantern) computed the last run's FCP and LCP from: every
 * request and main-thread task it counted, with its simulated start and end (ms). An LCP is the
 * latest end in its graph, so this shows which request or task the figure waits for. Read from the
 * simulator's record of its last simulations, right after the run.
 */
function simulatedPaintGraphs(): Record<string, Array<{ kind: string; what: string; startMs: number; endMs: number }>> {
  const graphs: Record<string, Array<{ kind: string; what: string; startMs: number; endMs: number }>> = {};
  for (const [label, timings] of lastSimulations(/ContentfulPaint$/)) {
    graphs[label] = [...timings]
      .map(([node, timing]) => ({
        kind: node.type,
        what:
          node.type === 'network'
            ? node.request.url
            : [...new Set(node.childEvents.map((event) => event.name).filter((name) => TASK_EVENTS.has(name)))].join(','),
        startMs: Math.round(timing.startTime),
        endMs: Math.round(timing.endTime),
      }))
      .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  }
  return graphs;
}

/** A main-thread task of the simulation that TBT counts (50 ms or more, simulated). */
interface SimulatedLongTask {
  /** Simulated start and length (ms), in the graph Lantern computed TTI (and so TBT) from. */
  startMs: number;
  durationMs: number;
  /** Its longest events (over 1 ms observed, unthrottled), with the function and script they ran. */
  what: string[];
}

/**
 * The long tasks of the last run's simulated TTI graphs (optimistic and pessimistic): what its TBT
 * is made of. The events inside name what each task ran (a FunctionCall's function and script);
 * build with `--minify false` for readable names.
 */
function simulatedLongTasks(): Record<string, SimulatedLongTask[]> {
  const graphs: Record<string, SimulatedLongTask[]> = {};
  for (const [label, timings] of lastSimulations(/Interactive$/)) {
    const tasks: SimulatedLongTask[] = [];
    for (const [node, timing] of timings) {
      if (node.type !== 'cpu' || timing.endTime - timing.startTime < 50) continue;
      const what = node.childEvents
        .filter((event) => event.dur > 1000)
        .slice(0, 8)
        .map((event) => {
          const data = event.args.data as { functionName?: string; url?: string } | undefined;
          const fn = data?.functionName ? ` ${data.functionName}` : '';
          const url = data?.url ? ` @${data.url.split('/').pop()}` : '';
          return `${event.name}${fn}${url} (${Math.round(event.dur / 1000)} ms)`;
        });
      tasks.push({ startMs: Math.round(timing.startTime), durationMs: Math.round(timing.endTime - timing.startTime), what });
    }
    graphs[label] = tasks.sort((a, b) => a.startMs - b.startMs);
  }
  return graphs;
}

/**
 * The host's benchmark index before any run, measured as Lighthouse measures it in each run (its own
 * page function, in Chromium): the median of three, for `--lighthouse-cpu host`.
 */
async function measureBenchmarkIndex(): Promise<number | null> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const samples: number[] = [];
    for (let i = 0; i < 3; i += 1) samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return median(samples);
  } finally {
    await browser.close();
  }
}

/** How Lighthouse slows the load: its method and figures (Lighthouse's `throttlingMethod` and `throttling`). */
export interface LighthouseThrottlingSettings {
  throttlingMethod: LighthouseThrottling;
  throttling: typeof throttling.mobileSlow4G;
}

/** Lighthouse's mobile slow 4G with `cpu` as the CPU slowdown (4 is its own), simulated or by DevTools. */
export const slow4G = (cpu: number, method: LighthouseThrottling): LighthouseThrottlingSettings => ({
  throttlingMethod: method,
  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu },
});

/**
 * One Lighthouse run in a Chromium of its own; `signedInOrigin` gets the token before the app runs.
 * Lighthouse's mobile defaults but the throttling, which `settings` gives.
 */
export async function runLighthouse(
  url: string,
  signedInOrigin: string | null,
  saveAs: string | null,
  settings: LighthouseThrottlingSettings,
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
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: signedInOrigin !== null,
      }, { extends: 'lighthouse:default', settings });
      if (!result) throw new Error('Lighthouse returned no result');
      if (saveAs) {
        writeFileSync(saveAs, JSON.stringify(result.lhr));
        // Lantern's graphs exist only where it simulated the load.
        if (settings.throttlingMethod === 'simulate') {
          writeFileSync(saveAs.replace(/\.json$/, '.paint-graphs.json'), JSON.stringify(simulatedPaintGraphs(), null, 1));
          writeFileSync(saveAs.replace(/\.json$/, '.long-tasks.json'), JSON.stringify(simulatedLongTasks(), null, 1));
        }
      }
      const run = figures(result.lhr);
      return settings.throttlingMethod === 'simulate' ? { ...run, ...threadTimeBlocking(result.lhr, run.totalBlockingTimeMs) } : run;
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
  speedIndexMs: null,
  cumulativeLayoutShift: null,
  error: errorText(error),
});

export function summarise(runs: LighthouseRun[]): LighthouseFigures {
  const ok = runs.filter((r) => r.performanceScore !== null && !r.error);
  const scores = ok.map((r) => r.performanceScore!);
  const pick = (f: (r: LighthouseRun) => number | null) => medianOf(ok.map(f));
  const medianScore = median(scores);
  // The run whose score is the median: its breakdown explains the median figure.
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
    ...(ok.some((r) => r.totalBlockingTimeByThreadTimeMs !== undefined)
      ? {
          totalBlockingTimeByThreadTimeMs: pick((r) => r.totalBlockingTimeByThreadTimeMs ?? null),
          mainThreadShare: pick((r) => r.mainThreadShare ?? null),
          performanceScoreByThreadTime: pick((r) => r.performanceScoreByThreadTime ?? null),
        }
      : {}),
    speedIndexMs: pick((r) => r.speedIndexMs),
    cumulativeLayoutShift: cls === null ? null : Math.round(cls * 10_000) / 10_000,
    ...(typical?.postRequests !== undefined ? { postRequests: typical.postRequests } : {}),
    ...(typical?.mainThreadMsByGroup ? { mainThreadMsByGroup: typical.mainThreadMsByGroup } : {}),
    benchmarkIndex: medianOf(ok.map((r) => r.benchmarkIndex ?? null)),
    ...(typical?.runWarnings ? { runWarnings: typical.runWarnings } : {}),
    ...(errors.length ? { errors } : {}),
  };
}

/** `app` over `floor`, to two decimals; null when either is missing (or the floor is 0). */
export const ratio = (app: number | null, floor: number | null) => (app === null || floor === null || floor === 0 ? null : Math.round((app / floor) * 100) / 100);

/**
 * `app`: the API on another origin (every new post URL costs a CORS preflight), as the issue
 * measured it; `sameOriginApp` (optional): the API behind the page's own origin, as
 * deploy/nginx.conf serves it, measured as `feedSameOrigin`.
 */
export async function measureLighthouse(
  app: BenchSite,
  floor: BenchSite | null,
  {
    runs,
    saveDir,
    sameOriginApp = null,
    only = null,
    cpu = throttling.mobileSlow4G.cpuSlowdownMultiplier,
    throttlingMethod = 'simulate',
  }: {
    runs: number;
    saveDir: string | null;
    sameOriginApp?: BenchSite | null;
    only?: ReadonlySet<LighthousePage> | null;
    /** The simulated CPU slowdown, or 'host': calibrated to this machine's benchmark index first. */
    cpu?: number | 'host';
    /** 'simulate' (Lighthouse's default) or 'devtools': the real load slowed by DevTools. */
    throttlingMethod?: LighthouseThrottling;
  },
) {
  let calibration: { benchmarkIndexBefore: number | null; calibrated: CpuCalibration | null } | null = null;
  let multiplier: number;
  if (cpu === 'host') {
    progress('lighthouse: measuring the host CPU (benchmark index) for --lighthouse-cpu host');
    const benchmarkIndexBefore = await measureBenchmarkIndex().catch(() => null);
    const calibrated = benchmarkIndexBefore === null ? null : calibratedCpuMultiplier(benchmarkIndexBefore);
    calibration = { benchmarkIndexBefore, calibrated };
    multiplier = calibrated?.multiplier ?? throttling.mobileSlow4G.cpuSlowdownMultiplier;
    progress(`lighthouse: benchmark index ${benchmarkIndexBefore ?? 'unknown'}, CPU slowdown ${multiplier}×`);
  } else multiplier = cpu;
  /** A page, its URL, and the origin whose tabs get the token (null: signed out). */
  type Measured = [LighthousePage, string, string | null];
  const all: Array<Measured | null> = [
    floor && ['floor', floor.url, null],
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
      (results[page] ??= []).push(await runLighthouse(url, signedInOrigin, saveAs, slow4G(multiplier, throttlingMethod)).catch(failedRun));
    }
  }
  const summary = Object.fromEntries(Object.entries(results).map(([page, list]) => [page, summarise(list)])) as Partial<Record<LighthousePage, LighthouseFigures>>;
  const f = summary.floor;
  const hostIndex = medianOf(Object.values(results).flatMap((list) => list.map((r) => r.benchmarkIndex ?? null)));
  return {
    runsPerPage: runs,
    throttlingMethod,
    cpu: {
      slowdownMultiplier: multiplier,
      lighthouseDefault: multiplier === throttling.mobileSlow4G.cpuSlowdownMultiplier,
      /** The host's benchmark index, median of every run's, and the slowdown calibrated to it. */
      hostBenchmarkIndex: hostIndex,
      calibratedForHost: hostIndex === null ? null : calibratedCpuMultiplier(hostIndex),
      ...(calibration ? { measuredBeforeRuns: calibration } : {}),
    },
    ...summary,
    ...(f
      ? {
          vsFloor: Object.fromEntries(
            (['signIn', 'feed', 'feedSameOrigin'] as const).filter((page) => summary[page]).map((page) => [
              page,
              { fcp: ratio(summary[page]?.fcpMs ?? null, f.fcpMs), lcp: ratio(summary[page]?.lcpMs ?? null, f.lcpMs) },
            ]),
          ) as Partial<Record<'signIn' | 'feed' | 'feedSameOrigin', { fcp: number | null; lcp: number | null }>>,
        }
      : {}),
  };
}
