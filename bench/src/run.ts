/**
 * `npm run bench` (in the app, or in bench/): builds the app's dist/ (unless --skip-build) and the
 * floor page (bench/floor, always, into a temp dir), serves a private copy of dist/ next to mock v2
 * APIs over HTTP (compressed, like a host: scripts/serve.ts), measures, and prints one JSON report
 * to stdout (also written to bench-results/latest.json in the app). Progress, and at the end the
 * Lighthouse figures side by side and the targets, go to stderr. Exits 0 whatever the figures: a
 * benchmark reports, it does not fail. What each figure means: docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createMockDb } from '../../src/mocks/db';
import { parseArgs, USAGE, type IdLayout, type Scenario } from './args';
import { launchBrowser } from './browser';
import { buildApiFloor, buildApp, buildFloor, ROOT } from './builds';
import { errorText, progress } from './log';
import { measureFirstPost } from './scenarios/first-post';
import { measureIdle } from './scenarios/idle';
import { measureTabs } from './scenarios/tabs';
import { measureSoak } from './scenarios/soak';
import { measureLighthouse, sideBySide } from './scenarios/lighthouse';
import { measureNavigation } from './scenarios/navigation';
import { measurePaint } from './scenarios/paint';
import { measureScroll } from './scenarios/scroll';
import { measureThread } from './scenarios/thread';
import { idLayoutDb, manyPostsDb, threadDb } from './seed';
import { withApp, withStaticSite, type BenchSite } from './servers';
import { measureFloorInitialJs, measureSize, scriptWeights } from './size';
import { sampleLine } from './soak-summary';
import { median } from './stats';
import { checkTargets, targetLines, type TargetInputs } from './targets';

const CPU_THROTTLE = 4;
const LATENCY_MS = 100;
const THREAD_REPLIES = 100;
const SCROLL_POSTS = 1000;
const SCROLL_TIME_BOUND_MS = 90_000;

function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+uncommitted` : head;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${errorText(error)}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  const wanted = (name: Scenario) => args.only.has(name);
  const started = Date.now();
  const loadAtStart = loadavg()[0];
  // The machine's load while measuring, every 15 s: figures from a busy host are read against it.
  const loadSamples: number[] = [loadAtStart ?? 0];
  const loadSampler = setInterval(() => loadSamples.push(loadavg()[0] ?? 0), 15_000);
  loadSampler.unref();
  const report: Record<string, unknown> = {};
  const targetInputs: TargetInputs = {};
  /** Lines for the end of the progress log: the Lighthouse figures side by side. */
  const summary: string[] = [];
  let lighthouseVersion: string | null = null;

  /** One section of the report: its figures, or { error } when it could not be measured. */
  async function section<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await run();
      report[name] = value;
      return value;
    } catch (error) {
      progress(`${name}: FAILED: ${errorText(error)}`);
      report[name] = { error: errorText(error) };
      return undefined;
    }
  }

  if (args.skipBuild) progress('--skip-build: using the existing dist/');
  else {
    progress('building dist/ (npm run build)');
    await buildApp();
  }
  // A private copy: other work on this machine may rebuild dist/ while the bench runs.
  const work = mkdtempSync(path.join(tmpdir(), 'social-bench-'));
  const dist = path.join(work, 'dist');
  cpSync(path.join(ROOT, 'dist'), dist, { recursive: true });

  let floorDir: string | null = null;
  // first-post weighs the scripts fetched before the first post against the floor's initial JS.
  if (wanted('size') || wanted('paint') || wanted('lighthouse') || wanted('first-post')) {
    progress('building the floor page (bench/floor)');
    try {
      await buildFloor(path.join(work, 'floor'));
      floorDir = path.join(work, 'floor');
    } catch (error) {
      progress(`floor page: FAILED: ${errorText(error)}`);
      report.floor = { error: `the floor page did not build: ${errorText(error)}` };
    }
  }
  /** Runs `body` with the floor page served (null when it did not build). */
  const withFloor = <T>(body: (floor: BenchSite | null) => Promise<T>) => (floorDir ? withStaticSite(floorDir, body) : body(null));

  let apiFloorDir: string | null = null;
  if (wanted('lighthouse')) {
    progress('building the floor page that asks the API (bench/floor-api)');
    try {
      await buildApiFloor(path.join(work, 'floor-api'));
      apiFloorDir = path.join(work, 'floor-api');
    } catch (error) {
      progress(`API floor page: FAILED: ${errorText(error)}`);
      report.floorApi = { error: `the API floor page did not build: ${errorText(error)}` };
    }
  }
  /** Runs `body` with the API floor page served beside its own mock API (null when it did not build). */
  const withApiFloor = <T>(sameOrigin: boolean, body: (site: BenchSite | null) => Promise<T>) =>
    apiFloorDir ? withApp({ dist: apiFloorDir, latencyMs: 0, db: createMockDb(), sameOrigin }, body) : body(null);

  let browser: Browser | undefined;
  let chromiumVersion: string | null = null;
  try {
    if (wanted('size')) {
      const size = await section('initialJs', async () => {
        const app = measureSize(dist);
        const floor = floorDir ? measureFloorInitialJs(floorDir) : null;
        const feed = app.perRoute.feed;
        return {
          ...app,
          floor,
          feedVsFloor: floor && feed ? { gzip: Math.round((feed.gzipBytes / floor.gzipBytes) * 100) / 100, brotli: Math.round((feed.brotliBytes / floor.brotliBytes) * 100) / 100 } : null,
        };
      });
      if (size) {
        targetInputs.feedInitialJsGzipBytes = size.perRoute.feed?.gzipBytes;
        targetInputs.floorInitialJsGzipBytes = size.floor?.gzipBytes ?? null;
        targetInputs.mockChunks = size.mockCodeInInitialChunks.length;
      }
    }

    const needsBrowser = (['paint', 'first-post', 'thread', 'scroll', 'navigation', 'idle', 'tabs', 'soak'] as const).some(wanted);
    if (needsBrowser) {
      try {
        browser = await launchBrowser();
        chromiumVersion = browser.version();
        progress(`Chromium ${chromiumVersion}`);
      } catch (error) {
        progress(`Chromium did not start: ${errorText(error)}`);
        report.browser = { error: `Chromium did not start: ${errorText(error)}` };
      }
    }

    if (browser && (wanted('paint') || wanted('navigation'))) {
      const b = browser;
      await withApp({ dist, latencyMs: 0 }, async (app) => {
        if (wanted('paint')) {
          const paint = await section('paint', () =>
            withFloor(async (floor) => ({
              cpuThrottleRate: CPU_THROTTLE,
              apiLatencyMs: 0,
              iterations: args.iterations,
              ...(await measurePaint(b, app, floor, { iterations: args.iterations, cpuThrottle: CPU_THROTTLE })),
            })),
          );
          if (paint?.vsFloor) {
            targetInputs.signInFcpVsFloor = paint.vsFloor.signIn.fcp;
            targetInputs.signInLcpVsFloor = paint.vsFloor.signIn.lcp;
          }
        }
        if (wanted('navigation')) {
          const nav = await section('feedThreadBack', async () => ({ apiLatencyMs: 0, ...(await measureNavigation(b, app)) }));
          if (nav) {
            targetInputs.threadPostGets = nav.openThread.getsForPost;
            targetInputs.backRequests = nav.back.requests;
          }
        }
      });
    }

    if (browser && wanted('first-post')) {
      const b = browser;
      const weights = scriptWeights(dist);
      const floorGzipBytes = floorDir ? measureFloorInitialJs(floorDir).gzipBytes : null;
      const measure = (sameOrigin: boolean, layout: IdLayout = 'seed') =>
        withApp({ dist, latencyMs: LATENCY_MS, sameOrigin, db: idLayoutDb(layout) }, (app) => measureFirstPost(b, app, { iterations: args.iterations, weights }));
      const first = await section('firstPost', async () => {
        // The seed's figures are the report's own (the targets read them); other layouts beside them.
        const others = args.idLayouts.filter((layout) => layout !== 'seed');
        const crossOrigin = await measure(false);
        const sameOrigin = await measure(true);
        const layouts: Partial<Record<IdLayout, { crossOrigin: Awaited<ReturnType<typeof measure>>; sameOrigin: Awaited<ReturnType<typeof measure>> }>> = {};
        for (const layout of others) {
          progress(`first post: id layout "${layout}"`);
          layouts[layout] = { crossOrigin: await measure(false, layout), sameOrigin: await measure(true, layout) };
        }
        const vsFloor = (bytes: number | null) => (bytes !== null && floorGzipBytes ? Math.round((bytes / floorGzipBytes) * 1000) / 1000 : null);
        // Every script fetched before the first post was on screen, over the floor page's initial JS (gzip -9 both).
        const scriptsVsFloor = Object.fromEntries(
          (['crossOrigin', 'sameOrigin'] as const).map((where) => {
            const visits = where === 'crossOrigin' ? crossOrigin : sameOrigin;
            return [where, Object.fromEntries((['firstVisit', 'reload', 'returnVisit'] as const).map((kind) => [kind, vsFloor(visits[kind].scriptGzipBytesBeforeFirstPostWorst)]))];
          }),
        );
        return {
          apiLatencyMs: LATENCY_MS,
          iterations: args.iterations,
          floorInitialJsGzipBytes: floorGzipBytes,
          scriptsBeforeFirstPostVsFloorWorst: scriptsVsFloor,
          idLayout: 'seed' as const,
          crossOrigin,
          sameOrigin,
          ...(others.length ? { otherIdLayouts: layouts } : {}),
        };
      });
      if (first) {
        const ratios = Object.values(first.scriptsBeforeFirstPostVsFloorWorst).flatMap((byKind) => Object.values(byKind)).filter((r): r is number => r !== null);
        targetInputs.scriptsBeforeFirstPostVsFloorWorst = ratios.length ? Math.max(...ratios) : null;
        targetInputs.returnVisitRoundTrips = first.crossOrigin.returnVisit.roundTrips;
        targetInputs.reloadApiAnswersBeforeFirstPostWorst = first.crossOrigin.reload.apiAnswersBeforeFirstPostWorst;
        targetInputs.sameOriginFirstVisitRoundTrips = first.sameOrigin.firstVisit.roundTrips;
        targetInputs.sameOriginFirstVisitRequestsBeforeFirstPost = first.sameOrigin.firstVisit.requestsBeforeFirstPost;
      }
    }

    if (browser && wanted('idle')) {
      const b = browser;
      const idle = await section('idle', () =>
        withApp({ dist, latencyMs: 0 }, async (app) => ({ apiLatencyMs: 0, ...(await measureIdle(b, app, { windowSeconds: args.idleSeconds })) })),
      );
      if (idle) {
        targetInputs.idleVisibleGetsPerMinute = idle.visible.getsPerMinute;
        targetInputs.idleHiddenGetsPerMinute = idle.hidden.getsPerMinute;
      }
    }

    if (browser && wanted('tabs')) {
      const b = browser;
      // The seed's newest post has deleted ids above it, which only the full check reaches; 20 posts on top
      // make the next ids land just above the head, where every minute's check looks.
      const tabs = await section('tabs', () => withApp({ dist, latencyMs: 20, db: manyPostsDb(20) }, (app) => measureTabs(b, app, { windowSeconds: args.idleSeconds })));
      if (tabs) {
        targetInputs.threeTabsIdleRatio = tabs.idle.ratio;
        targetInputs.threeTabsPostingRatio = tabs.posting.ratio;
      }
    }

    if (browser && wanted('soak')) {
      const b = browser;
      // As the tabs scenario: 20 posts on top of the seed put new ids just above the head, where every
      // minute's check looks; 300 give the person pages to scroll through (past the feed's window of 200).
      const soak = await section('soak', () =>
        withApp({ dist, latencyMs: 20, db: manyPostsDb(300) }, async (app) => ({
          apiLatencyMs: 20,
          ...(await measureSoak(b, app, { minutes: args.soakMinutes, intervalMinutes: args.soakIntervalMinutes, postsPerMinute: args.soakPostsPerMinute, heapSnapshots: args.soakHeapSnapshots })),
        })),
      );
      if (soak) {
        summary.push(
          `Soak, ${soak.minutes} minutes (heap after GC, DOM nodes, JS event listeners, API requests a minute since the sample before):`,
          ...soak.samples.map((s) => `  ${sampleLine(s)}`),
        );
        targetInputs.soakMinutes = soak.minutes;
        targetInputs.soakBaselineMinute = soak.baselineMinute;
        targetInputs.soakHeapVsBaseline = soak.heapVsBaseline;
        targetInputs.soakDomNodesVsBaseline = soak.domNodesVsBaseline;
        targetInputs.soakListenersVsBaseline = soak.jsEventListenersVsBaseline;
        targetInputs.soakRequestsPerMinuteVsBaseline = soak.requestsPerMinuteVsBaseline;
      }
    }

    if (browser && wanted('thread')) {
      const b = browser;
      const { db, postId } = threadDb(THREAD_REPLIES);
      const thread = await section('thread', () =>
        withApp({ dist, latencyMs: LATENCY_MS, db }, async (app) => ({
          apiLatencyMs: LATENCY_MS,
          iterations: args.iterations,
          ...(await measureThread(b, app, { postId, replies: THREAD_REPLIES, iterations: args.iterations })),
        })),
      );
      if (thread) {
        targetInputs.threadReplies = THREAD_REPLIES;
        targetInputs.threadFirstReplyRoundTrips = thread.roundTripsToFirstReply;
        targetInputs.threadAllRepliesRoundTrips = thread.roundTripsToAllReplies;
      }
    }

    if (browser && wanted('scroll')) {
      const b = browser;
      const db = manyPostsDb(SCROLL_POSTS);
      await section('scroll', () =>
        withApp({ dist, latencyMs: 0, db }, async (app) => ({
          apiLatencyMs: 0,
          ...(await measureScroll(b, app, { posts: db.posts().length, timeBoundMs: SCROLL_TIME_BOUND_MS })),
        })),
      );
    }

    await browser?.close();
    browser = undefined;

    if (wanted('lighthouse')) {
      const lh = await section('lighthouse', () =>
        withApp({ dist, latencyMs: 0, db: idLayoutDb(args.lighthouseIdLayout) }, (app) =>
          withApp({ dist, latencyMs: 0, db: idLayoutDb(args.lighthouseIdLayout), sameOrigin: true }, (sameOriginApp) =>
            withFloor((floor) =>
              withApiFloor(false, (apiFloor) =>
              withApiFloor(true, (apiFloorSameOrigin) =>
              measureLighthouse(app, floor, {
                runs: args.lighthouseRuns,
                sameOriginApp,
                apiFloor,
                apiFloorSameOrigin,
                only: args.lighthousePages,
                saveDir: args.lighthouseSave === null ? null : path.resolve(ROOT, args.lighthouseSave),
              }),
              ),
              ),
            ),
          ),
        ).then((result) => ({ idLayout: args.lighthouseIdLayout, ...result })),
      );
      if (lh) {
        lighthouseVersion = lh.lighthouseVersion;
        summary.push('Lighthouse (median; × the floor page\'s):', ...sideBySide(lh).map((line) => `  ${line}`));
        targetInputs.lighthouseRuns = lh.runsPerPage;
        targetInputs.lighthouseFloorScore = lh.floor?.performanceScore;
        targetInputs.lighthouseFloorTbtMs = lh.floor?.totalBlockingTimeMs;
        targetInputs.lighthouseFloorCls = lh.floor?.cumulativeLayoutShift;
        targetInputs.lighthouseSignInScore = lh.signIn?.performanceScore;
        targetInputs.lighthouseSignInCls = lh.signIn?.cumulativeLayoutShift;
        targetInputs.lighthouseSignInFcpVsFloor = lh.vsFloor?.signIn?.fcpMs;
        targetInputs.lighthouseSignInLcpVsFloor = lh.vsFloor?.signIn?.lcpMs;
        targetInputs.lighthouseFeedScore = lh.feed?.performanceScore;
        targetInputs.lighthouseFeedTbtMs = lh.feed?.totalBlockingTimeMs;
        targetInputs.lighthouseFeedCls = lh.feed?.cumulativeLayoutShift;
        targetInputs.lighthouseFeedSameOriginScore = lh.feedSameOrigin?.performanceScore;
        targetInputs.lighthouseFeedSameOriginTbtMs = lh.feedSameOrigin?.totalBlockingTimeMs;
        targetInputs.lighthouseFeedSameOriginCls = lh.feedSameOrigin?.cumulativeLayoutShift;
        targetInputs.lighthouseFeedLcpVsApiFloor = lh.vsApiFloor?.feed?.lcpMs;
        targetInputs.lighthouseFeedSameOriginLcpVsApiFloor = lh.vsApiFloor?.feedSameOrigin?.lcpMs;
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }

  clearInterval(loadSampler);
  const [load1] = loadavg();
  loadSamples.push(load1 ?? 0);
  const targets = checkTargets(targetInputs);
  const twoDecimals = (n: number | undefined) => (n === undefined ? null : Math.round(n * 100) / 100);
  const output = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      chromium: chromiumVersion,
      lighthouse: lighthouseVersion,
      cpuCount: cpus().length,
      loadAverage1mAtStart: twoDecimals(loadAtStart),
      loadAverage1mAtEnd: twoDecimals(load1),
      loadAverage1mWhileMeasuring: { min: twoDecimals(Math.min(...loadSamples)), median: twoDecimals(median(loadSamples) ?? undefined), max: twoDecimals(Math.max(...loadSamples)) },
      iterations: args.iterations,
      idleSeconds: args.idleSeconds,
      ...(wanted('soak') ? { soakMinutes: args.soakMinutes, soakIntervalMinutes: args.soakIntervalMinutes, soakPostsPerMinute: args.soakPostsPerMinute } : {}),
      lighthouseRuns: args.lighthouseRuns,
      compression: 'scripts/serve.ts, precompressed: brotli 11 or gzip -9 by Accept-Encoding, text files of 256 bytes or more',
      scenarios: [...args.only],
      commit: gitCommit(),
      built: !args.skipBuild,
      durationMs: Date.now() - started,
    },
    ...report,
    targets,
  };
  const json = JSON.stringify(output, null, 2);
  const out = path.resolve(ROOT, args.out);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${json}\n`);
  process.stdout.write(`${json}\n`);
  for (const line of [...summary, 'Targets (budgets first; MISS is reported, never an exit code):', ...targetLines(targets).map((line) => `  ${line}`)]) progress(line);
  progress(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; report written to ${path.relative(ROOT, out)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
