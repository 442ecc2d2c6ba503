/**
 * `npm run profile-feed -- [--dist DIR] [--latency MS] [--cpu N] [--iterations N] [--profile] [--reload]`
 *
 * The signed-in feed's first visit in Chromium, through the bench's harness (bench/src: the
 * HTTP mock, the static server, the page probe): main-thread long tasks (count, sum, and a
 * TBT-like sum of their parts over 50 ms), layout shifts (a PerformanceObserver 'layout-shift',
 * with the elements that moved), and the time and round trips to the first post. `--profile`
 * adds a CPU profile (CDP Profiler) of the last load with the hottest functions by self and total
 * time: build with `npx vite build --minify false --outDir /tmp/dist-profile` (in the app) and pass
 * `--dist /tmp/dist-profile` to read real names. `--reload` reloads the tab after the first visit and
 * reports whether the first post was painted before any API request had answered. `--mobile`:
 * Lighthouse's phone (412×823 at DPR 1.75, touch, its user agent; browser.ts LIGHTHOUSE_MOBILE); `--signed-out`: the signed-out home (the sign-in field
 * stands for the first post); `--same-origin`: the API behind the page's origin (deploy/nginx.conf).
 * `--trace FILE`
 * writes a Chromium trace of the last load (open it in the DevTools Performance panel).
 * `--dist` is relative to the app's root. Prints JSON to stdout. A development tool, not a test:
 * times move with the machine's load.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession } from 'playwright-core';
import { ADA_TOKEN, launchBrowser, LIGHTHOUSE_MOBILE, openPage, SELECTORS, type BenchPage } from './browser';
import { ROOT } from './builds';
import { apiTimings, roundTripsBy, startedBy, waitForApiIdle } from './requests';
import { startApp, type BenchApp } from './servers';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    latency: { type: 'string', default: '100' },
    cpu: { type: 'string', default: '4' },
    iterations: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    reload: { type: 'boolean', default: false },
    trace: { type: 'string' },
    top: { type: 'string', default: '25' },
    mobile: { type: 'boolean', default: false },
    'signed-out': { type: 'boolean', default: false },
    'same-origin': { type: 'boolean', default: false },
  },
});

/**
 * When the first post is in the DOM, from a MutationObserver that reads no layout: the bench's own
 * probe checks that the post is laid out in the viewport, which forces a layout after every DOM
 * change and would hide what the app itself does to layout. React commits right before a paint.
 */
const FIRST_POST_PROBE = `(() => {
  const selector = ${JSON.stringify(values['signed-out'] ? SELECTORS.signInField : SELECTORS.feedPost)};
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) {
      window.__firstPostAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
})();`;

async function waitForFirstPost(bench: BenchPage, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = (await bench.page.evaluate('window.__firstPostAt')) as number | undefined;
    if (typeof at === 'number') return at;
    if (Date.now() > deadline) throw new Error('no post appeared');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** React calls a devtools hook on every commit when one is installed: count the commits. */
const COMMIT_PROBE = `(() => {
  const commits = [];
  window.__reactCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
    onCommitFiberRoot() { commits.push(Math.round(performance.now())); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();`;

const LAYOUT_SHIFT_PROBE = `(() => {
  const state = { total: 0, shifts: [] };
  window.__layoutShifts = state;
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : null;
    const cls = node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).join('.') : '';
    return node.tagName.toLowerCase() + cls;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        state.total += entry.value;
        state.shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: (entry.sources || []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summariseProfile(profile: CpuProfile, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => {
    const file = n.callFrame.url.split('/').pop() ?? '';
    return `${n.callFrame.functionName || '(anonymous)'} ${file}${file ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    self.set(key(node), (self.get(key(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  const rows = (map: Map<string, number>, filter: (k: string) => boolean) =>
    [...map]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${k}`);
  const isJs = (k: string) => /\.js:\d+$/.test(k);
  return {
    selfAll: rows(self, () => true),
    selfJs: rows(self, isJs),
    totalJs: rows(total, (k) => isJs(k) && !/^\(anonymous\)/.test(k)),
    busyPeriods: busyPeriods(profile, byId, parent, key),
  };
}

/**
 * Runs of main-thread work over 50 ms (idle gaps under 4 ms merged), on the profile's own clock
 * (ms since the profile started, a little before the navigation), with what each spent its time in.
 */
function busyPeriods(
  profile: CpuProfile,
  byId: Map<number, ProfileNode>,
  parent: Map<number, number>,
  key: (n: ProfileNode) => string,
) {
  const periods: Array<{ start: number; end: number; self: Map<string, number>; total: Map<string, number> }> = [];
  let t = 0;
  let current: (typeof periods)[number] | null = null;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const idle = node.callFrame.functionName === '(idle)';
    if (idle) {
      if (current && t - current.end > 4) {
        periods.push(current);
        current = null;
      }
      continue;
    }
    current ??= { start: t, end: t, self: new Map(), total: new Map() };
    current.end = t + ms;
    current.self.set(key(node), (current.self.get(key(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      current.total.set(k, (current.total.get(k) ?? 0) + ms);
    }
  }
  if (current) periods.push(current);
  // React's and the Query core's own machinery says little; the app's functions and the library
  // entry points they call say where the time went.
  const internal = /^(\(anonymous\)|\(root\)|\(program\)|performWork|renderRoot|workLoop|performUnitOfWork|beginWork|renderWithHooks|updateFunctionComponent|flush|commit|recursively|process|complete|run |exports\.|mount|update[A-Z]|callback|batch|schedule|notify|dispatch|onFetch|resolve|then|fetchFn|fetch |start |onSuccess|setData|pump|launch|safely)/;
  return periods
    .filter((p) => p.end - p.start > 50)
    .map((p) => ({
      atMs: Math.round(p.start),
      durationMs: Math.round(p.end - p.start),
      self: [...p.self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, ms]) => `${ms.toFixed(1)} ${k}`),
      total: [...p.total]
        .filter(([k]) => /\.js:\d+$/.test(k) && !internal.test(k))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([k, ms]) => `${ms.toFixed(1)} ${k}`),
    }));
}

const round = (n: number) => Math.round(n * 10) / 10;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Main-thread tasks of the page's renderer by thread time (`tdur`): the CPU the task used,
 * throttling included, but not the time the thread waited for a core. On a busy shared machine
 * wall-clock long tasks grow with the load; these stay put.
 */
function cpuTasks(events: TraceEvent[]) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const calls = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'FunctionCall').length;
  const main = mains.map((t) => [t, calls(t)] as const).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return null;
  const tasks = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined)
    .map((e) => (e.tdur ?? 0) / 1000);
  const long = tasks.filter((ms) => ms > 50);
  return {
    mainThreadCpuMs: round(tasks.reduce((n, ms) => n + ms, 0)),
    longTasksByCpu: long.length,
    blockingMsByCpu: round(long.reduce((n, ms) => n + ms - 50, 0)),
    longestTaskCpuMs: round(Math.max(0, ...tasks)),
  };
}

async function startTracing(bench: BenchPage) {
  const session = await bench.context.newCDPSession(bench.page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  await session.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] },
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await done;
    await session.detach().catch(() => {});
    return events;
  };
}

async function load(app: BenchApp, bench: BenchPage, cdp: CDPSession | null, reload: boolean, traceFile?: string) {
  const stopTracing = await startTracing(bench);
  if (reload) await bench.page.reload();
  else await bench.page.goto(app.url);
  const firstPost = await waitForFirstPost(bench);
  await waitForApiIdle(bench.api, { quietMs: 1500, timeoutMs: 30_000 });
  const profile = cdp ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : null;
  const events = await stopTracing();
  if (traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
  const snap = await bench.snapshot();
  const shifts = (await bench.page.evaluate('window.__layoutShifts')) as { total: number; shifts: Array<{ at: number; value: number; sources: string[] }> };
  const commits = (await bench.page.evaluate('window.__reactCommits')) as number[];
  const timings = apiTimings(snap.api);
  const firstAnswer = timings.length ? Math.min(...timings.map((t) => t.end)) : null;
  const tasks = snap.longTasks;
  const after = tasks.filter(([start]) => start >= firstPost);
  return {
    figures: {
      timeToFirstPostMs: round(firstPost),
      firstApiAnswerMs: firstAnswer === null ? null : round(firstAnswer),
      paintedBeforeAnyAnswer: firstAnswer === null || firstPost < firstAnswer,
      roundTrips: roundTripsBy(timings, firstPost),
      requestsBeforeFirstPost: startedBy(timings, firstPost).length,
      requestsUntilIdle: bench.api.requests.length,
      longTasks: tasks.length,
      longTaskMs: round(tasks.reduce((n, [, d]) => n + d, 0)),
      blockingMs: round(tasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0)),
      longTaskMaxMs: round(Math.max(0, ...tasks.map(([, d]) => d))),
      longTasksAfterFirstPost: after.length,
      blockingMsAfterFirstPost: round(after.reduce((n, [, d]) => n + Math.max(0, d - 50), 0)),
      ...cpuTasks(events),
      cls: Math.round(shifts.total * 10_000) / 10_000,
      reactCommits: commits.length,
      reactCommitsBeforeFirstPost: commits.filter((at) => at <= firstPost).length,
    },
    commits,
    shifts: shifts.shifts,
    startedBeforeFirstPost: startedBy(timings, firstPost).map((t) => `${t.path} ${round(t.start)}-${round(t.end)}`),
    longTaskList: tasks.map(([s, d]) => [round(s), round(d)]),
    profile,
  };
}

async function main() {
  const iterations = Number(values.iterations);
  const browser = await launchBrowser();
  const app = await startApp({ dist: path.resolve(ROOT, values.dist!), latencyMs: Number(values.latency), sameOrigin: values['same-origin'] });
  const samples: Array<Record<string, unknown>> = [];
  let hot: ReturnType<typeof summariseProfile> | null = null;
  try {
    for (let i = 0; i < iterations; i += 1) {
      process.stderr.write(`load ${i + 1}/${iterations}\n`);
      // Lighthouse's mobile screen: its size, pixel ratio, touch and user agent, not only its size.
      const mobile = values.mobile ? await browser.newContext({ ...LIGHTHOUSE_MOBILE, locale: 'en-GB' }) : undefined;
      const bench = await openPage(browser, app, { token: values['signed-out'] ? undefined : ADA_TOKEN, cpuThrottle: Number(values.cpu), context: mobile });
      await bench.page.addInitScript({ content: LAYOUT_SHIFT_PROBE + COMMIT_PROBE + FIRST_POST_PROBE });
      try {
        const last = i === iterations - 1;
        let cdp: CDPSession | null = null;
        if (values.profile && last) {
          cdp = await bench.context.newCDPSession(bench.page);
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const first = await load(app, bench, cdp, false, last ? values.trace : undefined);
        const sample: Record<string, unknown> = {
          first: first.figures,
          shifts: first.shifts,
          longTasks: first.longTaskList,
          commits: first.commits,
          startedBeforeFirstPost: first.startedBeforeFirstPost,
        };
        if (first.profile) hot = summariseProfile(first.profile, Number(values.top));
        if (values.reload) {
          const again = await load(app, bench, null, true);
          sample.reload = again.figures;
          sample.reloadShifts = again.shifts;
        }
        samples.push(sample);
      } finally {
        await bench.close();
        await mobile?.close();
      }
    }
  } finally {
    await app.close();
    await browser.close();
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const figures = (pick: (s: Record<string, unknown>) => Record<string, number | boolean | null> | undefined) => {
    const rows = samples.map(pick).filter((r) => r !== undefined);
    if (rows.length === 0) return undefined;
    const out: Record<string, number | boolean | null> = {};
    for (const name of Object.keys(rows[0]!)) {
      const xs = rows.map((r) => r[name]);
      out[name] = xs.every((x) => typeof x === 'number') ? median(xs as number[]) : (xs.at(-1) ?? null);
    }
    return out;
  };
  const report = {
    options: values,
    median: {
      first: figures((s) => s.first as Record<string, number>),
      reload: figures((s) => s.reload as Record<string, number> | undefined),
    },
    samples,
    hot,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
