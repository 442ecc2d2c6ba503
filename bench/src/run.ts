/**
 * `npm run bench`: builds dist/ (unless --skip-build) and the floor page (bench/floor, always, into
 * a temp dir), serves a private copy of dist/ next to mock v2 APIs over HTTP (compressed, like a
 * host), measures, and prints one JSON report to stdout (also written to bench-results/latest.json).
 * Progress goes to stderr. Exits 0 whatever the figures: a benchmark reports, it does not fail.
 * What each figure means: docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createMockDb } from '../../src/mocks/db';
import { lighthouseSettings, parseArgs, USAGE, type Scenario } from './args';
import { launchBrowser } from './browser';
import { buildApp, buildFloor, ROOT } from './builds';
import { errorText, progress } from './log';
import { measureFirstPost } from './scenarios/first-post';
import { measureIdle } from './scenarios/idle';
import { measureLighthouse } from './scenarios/lighthouse';
import { measureNavigation } from './scenarios/navigation';
import { measurePaint } from './scenarios/paint';
import { measureScroll } from './scenarios/scroll';
import { measureThread } from './scenarios/thread';
import { manyPostsDb, threadDb } from './seed';
import { withApp, withStaticSite, type BenchSite } from './servers';
import { measureSize } from './size';
import { checkTargets, type TargetInputs } from './targets';

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
  const report: Record<string, unknown> = {};
  const targetInputs: TargetInputs = {};

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
  if (wanted('paint') || wanted('lighthouse')) {
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

  let browser: Browser | undefined;
  let chromiumVersion: string | null = null;
  try {
    if (wanted('size')) {
      const size = await section('initialJs', async () => measureSize(dist));
      if (size) {
        targetInputs.feedInitialJsGzipBytes = size.perRoute.feed?.gzipBytes;
        targetInputs.feedBudgetGzipBytes = size.feedBudgetGzipBytes;
        targetInputs.mockChunks = size.mockCodeInInitialChunks.length;
      }
    }

    const needsBrowser = (['paint', 'first-post', 'thread', 'scroll', 'navigation', 'idle'] as const).some(wanted);
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
      const measure = (sameOrigin: boolean) =>
        withApp({ dist, latencyMs: LATENCY_MS, sameOrigin }, (app) => measureFirstPost(b, app, { iterations: args.iterations }));
      const first = await section('firstPost', async () => ({
        apiLatencyMs: LATENCY_MS,
        iterations: args.iterations,
        crossOrigin: await measure(false),
        sameOrigin: await measure(true),
      }));
      if (first) {
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
        targetInputs.idleVisibleRequestsPerMinute = idle.visible.requestsPerMinute;
        targetInputs.idleHiddenRequestsPerMinute = idle.hidden.requestsPerMinute;
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
        withApp({ dist, latencyMs: 0, db: createMockDb() }, (app) =>
          withApp({ dist, latencyMs: 0, db: createMockDb(), sameOrigin: true }, (sameOriginApp) =>
            withFloor(async (floor) => ({
              settings: lighthouseSettings(args),
              ...(await measureLighthouse(app, floor, {
                runs: args.lighthouseRuns,
                cpu: args.lighthouseCpu,
                throttlingMethod: args.lighthouseThrottling,
                sameOriginApp,
                only: args.lighthousePages,
                saveDir: args.lighthouseSave === null ? null : path.resolve(ROOT, args.lighthouseSave),
              })),
            })),
          ),
        ),
      );
      if (lh) {
        targetInputs.lighthouseCpuMultiplier = lh.cpu.slowdownMultiplier;
        targetInputs.lighthouseThrottling = lh.throttlingMethod;
        targetInputs.lighthouseFloorScore = lh.floor?.performanceScore;
        targetInputs.lighthouseFloorTbtMs = lh.floor?.totalBlockingTimeMs;
        targetInputs.lighthouseFloorCls = lh.floor?.cumulativeLayoutShift;
        targetInputs.lighthouseFeedScore = lh.feed?.performanceScore;
        targetInputs.lighthouseSignInScore = lh.signIn?.performanceScore;
        targetInputs.lighthouseFeedTbtMs = lh.feed?.totalBlockingTimeMs;
        targetInputs.lighthouseFeedSameOriginScore = lh.feedSameOrigin?.performanceScore;
        targetInputs.lighthouseFeedSameOriginTbtMs = lh.feedSameOrigin?.totalBlockingTimeMs;
        targetInputs.lighthouseFeedCls = lh.feed?.cumulativeLayoutShift;
        targetInputs.lighthouseSignInCls = lh.signIn?.cumulativeLayoutShift;
        targetInputs.lighthouseSignInFcpVsFloor = lh.vsFloor?.signIn?.fcp;
        targetInputs.lighthouseSignInLcpVsFloor = lh.vsFloor?.signIn?.lcp;
        // Present only where Lighthouse simulated the load (its default).
        const byThreadTime = Object.fromEntries(
          (['floor', 'signIn', 'feed', 'feedSameOrigin'] as const).flatMap((page) => {
            const figures = lh[page];
            return figures && figures.totalBlockingTimeByThreadTimeMs !== undefined
              ? [[page, { score: figures.performanceScoreByThreadTime, tbtMs: figures.totalBlockingTimeByThreadTimeMs }]]
              : [];
          }),
        );
        if (Object.keys(byThreadTime).length) targetInputs.lighthouseByThreadTime = byThreadTime;
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }

  const [load1] = loadavg();
  const twoDecimals = (n: number | undefined) => (n === undefined ? null : Math.round(n * 100) / 100);
  const output = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      chromium: chromiumVersion,
      cpuCount: cpus().length,
      loadAverage1mAtStart: twoDecimals(loadAtStart),
      loadAverage1mAtEnd: twoDecimals(load1),
      iterations: args.iterations,
      idleSeconds: args.idleSeconds,
      lighthouseRuns: args.lighthouseRuns,
      compression: 'static server: brotli q11 or gzip -9 by Accept-Encoding, files ≥ 256 bytes, precompressed',
      scenarios: [...args.only],
      commit: gitCommit(),
      built: !args.skipBuild,
      durationMs: Date.now() - started,
    },
    ...report,
    targets: checkTargets(targetInputs),
  };
  const json = JSON.stringify(output, null, 2);
  const out = path.resolve(ROOT, args.out);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${json}\n`);
  process.stdout.write(`${json}\n`);
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
