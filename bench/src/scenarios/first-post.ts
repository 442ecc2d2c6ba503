/**
 * Time from navigation to the first post of the feed on screen, with the API answering after
 * `latencyMs`: a first visit (empty localStorage: the newest id must be discovered), a reload of
 * that same tab once it has settled (its sessionStorage and localStorage as the visit left them),
 * and a return visit (a new tab in the same context, so localStorage 'social.highest-id' is what
 * the first visit left, sessionStorage empty but for the token). Run once for the API on another
 * origin and once for the API behind the app's origin (servers.ts).
 *
 * `signIn` is how a newcomer really meets the feed: signed out on the home page, the token pasted
 * and the form sent at once, timed from sending to the first post (the token check, the feed's code
 * if it has not arrived yet, the head discovery).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, KNOWN_HEAD_KEY, openPage, SELECTORS, VIEWPORT, type BenchPage } from '../browser';
import { apiTimings, countByEndpoint, maxInFlight, roundTripsBy, startedBy, waitForApiIdle } from '../requests';
import type { BenchApp } from '../servers';
import type { ScriptWeights } from '../size';
import { medianOf, round1 } from '../stats';

export interface VisitSample {
  /** When every JS chunk asked for before the first post request had arrived (the lazy feed route's included). */
  chunksLoadedMs: number | null;
  /** When the app asked for its first post (GET /v2/post/…). */
  firstPostRequestStartMs: number | null;
  timeToFirstPostMs: number;
  roundTrips: number;
  requestsBeforeFirstPost: number;
  /** API requests answered before the first post was on screen (0: painted from what the tab kept). */
  apiAnswersBeforeFirstPost: number;
  maxInFlightBeforeFirstPost: number;
  /** Everything the load asked for until the API went quiet (head discovery, profile, blog...). */
  requestsUntilIdle: number;
  maxInFlightUntilIdle: number;
  requestsUntilIdleByEndpoint: Record<string, number>;
  /** CORS preflights (OPTIONS) until idle: the mock answers them at once, a real API would not. */
  corsPreflightsUntilIdle: number;
  /** localStorage 'social.highest-id' after the load. */
  knownHeadAfter: string | null;
  /** The id of the feed's top post once the API is quiet (what the first posts began with: newer ones wait behind "new posts"). */
  topPostShown: string | null;
  /**
   * Every script the page asked for before its first post was on screen (the lazy chunks that
   * raced the API's answers included, from the network or the browser's cache alike), and index.html's
   * inline ones: gzip -9 bytes, as `npm run size` counts the first load. Null without the weights.
   */
  scriptGzipBytesBeforeFirstPost: number | null;
  /** Their paths (the inline ones not listed). */
  scriptsBeforeFirstPost: string[];
}

/** What the scripts asked for before `markMs` weigh; a path dist/ lacks is named in `unknown`. */
export function weighScriptsBefore(scripts: Array<[string, number, number]>, markMs: number, weights: ScriptWeights) {
  const paths = [...new Set(scripts.filter(([, start]) => start < markMs).map(([urlPath]) => urlPath))];
  const unknown = paths.filter((p) => weights.gzipBytesOf(p) === null);
  const gzipBytes = paths.reduce((n, p) => n + (weights.gzipBytesOf(p) ?? 0), weights.inlineGzipBytes);
  return { paths, unknown, gzipBytes };
}

/** Waits for the first post and the API to go quiet, then reads the load's figures. */
async function measureLoad(bench: BenchPage, weights: ScriptWeights | null): Promise<VisitSample> {
  const fromRequest = bench.api.requests.length;
  const fromPreflights = bench.api.preflights();
  const markMs = await bench.waitForMark('firstPost');
  await waitForApiIdle(bench.api, { quietMs: 1000, timeoutMs: 20_000 });
  const { api, scripts } = await bench.snapshot();
  const timings = apiTimings(api);
  const requests = bench.api.requests.slice(fromRequest);
  const postStarts = timings.filter((r) => /^\/v2\/post\/\d+$/.test(r.path)).map((r) => r.start);
  const firstPostRequest = postStarts.length ? Math.min(...postStarts) : null;
  const chunksBefore = scripts.filter(([, start]) => firstPostRequest === null || start < firstPostRequest).map(([, , end]) => end);
  const knownHeadAfter = await bench.page.evaluate(`localStorage.getItem(${JSON.stringify(KNOWN_HEAD_KEY)})`);
  const topPostShown = await bench.page.evaluate(`document.querySelector(${JSON.stringify(SELECTORS.feedPost)})?.getAttribute('data-post-id') ?? null`);
  const weighed = weights && weighScriptsBefore(scripts, markMs, weights);
  if (weighed?.unknown.length) progress(`first post: scripts not found in dist/, not weighed: ${weighed.unknown.join(', ')}`);
  return {
    chunksLoadedMs: chunksBefore.length ? round1(Math.max(...chunksBefore)) : null,
    firstPostRequestStartMs: round1(firstPostRequest),
    timeToFirstPostMs: round1(markMs)!,
    roundTrips: roundTripsBy(timings, markMs),
    requestsBeforeFirstPost: startedBy(timings, markMs).length,
    apiAnswersBeforeFirstPost: timings.filter((r) => r.end <= markMs).length,
    maxInFlightBeforeFirstPost: maxInFlight(timings, markMs),
    requestsUntilIdle: requests.length,
    maxInFlightUntilIdle: maxInFlight(timings),
    requestsUntilIdleByEndpoint: countByEndpoint(requests),
    corsPreflightsUntilIdle: bench.api.preflights() - fromPreflights,
    knownHeadAfter: knownHeadAfter as string | null,
    topPostShown: topPostShown as string | null,
    scriptGzipBytesBeforeFirstPost: weighed ? weighed.gzipBytes : null,
    scriptsBeforeFirstPost: weighed ? weighed.paths : [],
  };
}

/** A visit in a new tab of `context`; with `reload`, the same tab is then reloaded and measured again. */
async function visit(browser: Browser, app: BenchApp, context: BrowserContext, { reload = false, weights = null }: { reload?: boolean; weights?: ScriptWeights | null } = {}) {
  const bench = await openPage(browser, app, { context, token: ADA_TOKEN, watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }] });
  try {
    await bench.page.goto(app.url);
    const first = await measureLoad(bench, weights);
    if (!reload) return { first, reloaded: null };
    // The new document's probe starts with no marks: reload() resolves once it is installed.
    await bench.page.reload();
    return { first, reloaded: await measureLoad(bench, weights) };
  } finally {
    await bench.close();
  }
}

const worstOf = (values: Array<number | null>): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
};
const heaviest = (samples: VisitSample[]) =>
  samples.reduce<VisitSample | undefined>((a, b) => (!a || (b.scriptGzipBytesBeforeFirstPost ?? 0) > (a.scriptGzipBytesBeforeFirstPost ?? 0) ? b : a), undefined);

function summarise(samples: VisitSample[]) {
  const pick = (f: (s: VisitSample) => number) => samples.map(f);
  const nullable = (f: (s: VisitSample) => number | null) => samples.map(f);
  return {
    chunksLoadedMs: medianOf(nullable((s) => s.chunksLoadedMs)),
    firstPostRequestStartMs: medianOf(nullable((s) => s.firstPostRequestStartMs)),
    timeToFirstPostMs: medianOf(pick((s) => s.timeToFirstPostMs)),
    roundTrips: medianOf(pick((s) => s.roundTrips)),
    roundTripsWorst: Math.max(...pick((s) => s.roundTrips)),
    requestsBeforeFirstPost: medianOf(pick((s) => s.requestsBeforeFirstPost)),
    apiAnswersBeforeFirstPost: medianOf(pick((s) => s.apiAnswersBeforeFirstPost)),
    apiAnswersBeforeFirstPostWorst: Math.max(...pick((s) => s.apiAnswersBeforeFirstPost)),
    maxInFlightBeforeFirstPost: Math.max(...pick((s) => s.maxInFlightBeforeFirstPost)),
    requestsUntilIdle: medianOf(pick((s) => s.requestsUntilIdle)),
    maxInFlightUntilIdle: Math.max(...pick((s) => s.maxInFlightUntilIdle)),
    corsPreflightsUntilIdle: medianOf(pick((s) => s.corsPreflightsUntilIdle)),
    timeToFirstPostSamplesMs: pick((s) => s.timeToFirstPostMs),
    scriptGzipBytesBeforeFirstPost: medianOf(nullable((s) => s.scriptGzipBytesBeforeFirstPost)),
    scriptGzipBytesBeforeFirstPostWorst: worstOf(nullable((s) => s.scriptGzipBytesBeforeFirstPost)),
    scriptGzipBytesBeforeFirstPostSamples: nullable((s) => s.scriptGzipBytesBeforeFirstPost),
    /** Of the heaviest sample. */
    scriptsBeforeFirstPost: heaviest(samples)?.scriptsBeforeFirstPost ?? [],
    roundTripsSamples: pick((s) => s.roundTrips),
    /** Of the last sample. */
    requestsUntilIdleByEndpoint: samples.at(-1)?.requestsUntilIdleByEndpoint ?? {},
    knownHeadAfter: samples.at(-1)?.knownHeadAfter ?? null,
    /** Of the last sample. */
    topPostShown: samples.at(-1)?.topPostShown ?? null,
  };
}

export interface SignInSample {
  timeToFirstPostMs: number;
  /** Sequential API round trips from sending the form to the first post (the token check is one). */
  roundTrips: number;
  requestsBeforeFirstPost: number;
}

/** Signed out on the home page: paste the token, send the form, wait for the feed's first post. */
async function signInVisit(browser: Browser, app: BenchApp, context: BrowserContext): Promise<SignInSample> {
  const bench = await openPage(browser, app, { context, watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }] });
  try {
    await bench.page.goto(app.url);
    const field = bench.page.locator(SELECTORS.signInField).first();
    await field.waitFor();
    await waitForApiIdle(bench.api, { quietMs: 500, timeoutMs: 10_000 });
    await field.fill(ADA_TOKEN);
    const sentAt = (await bench.page.evaluate('performance.now()')) as number;
    await field.press('Enter');
    const markMs = await bench.waitForMark('firstPost');
    await waitForApiIdle(bench.api, { quietMs: 1000, timeoutMs: 20_000 });
    const { api } = await bench.snapshot();
    const since = apiTimings(api)
      .filter((r) => r.start >= sentAt)
      .map((r) => ({ ...r, start: r.start - sentAt, end: r.end - sentAt }));
    const at = markMs - sentAt;
    return { timeToFirstPostMs: round1(at)!, roundTrips: roundTripsBy(since, at), requestsBeforeFirstPost: startedBy(since, at).length };
  } finally {
    await bench.close();
  }
}

function summariseSignIn(samples: SignInSample[]) {
  return {
    timeToFirstPostMs: medianOf(samples.map((s) => s.timeToFirstPostMs)),
    roundTrips: medianOf(samples.map((s) => s.roundTrips)),
    requestsBeforeFirstPost: medianOf(samples.map((s) => s.requestsBeforeFirstPost)),
    timeToFirstPostSamplesMs: samples.map((s) => s.timeToFirstPostMs),
    roundTripsSamples: samples.map((s) => s.roundTrips),
  };
}

export async function measureFirstPost(
  browser: Browser,
  app: BenchApp,
  { iterations, weights = null }: { iterations: number; weights?: ScriptWeights | null },
) {
  const signIn: SignInSample[] = [];
  const first: VisitSample[] = [];
  const reloaded: VisitSample[] = [];
  const returning: VisitSample[] = [];
  const where = app.sameOrigin ? 'same-origin' : 'cross-origin';
  for (let i = 0; i < iterations; i += 1) {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    try {
      progress(`first post (${where}): first visit and reload ${i + 1}/${iterations}`);
      const tab = await visit(browser, app, context, { reload: true, weights });
      first.push(tab.first);
      if (tab.reloaded) reloaded.push(tab.reloaded);
      progress(`first post (${where}): return visit ${i + 1}/${iterations} (highest id ${tab.first.knownHeadAfter})`);
      returning.push((await visit(browser, app, context, { weights })).first);
    } finally {
      await context.close();
    }
    const fresh = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    try {
      progress(`first post (${where}): signing in on the home page ${i + 1}/${iterations}`);
      signIn.push(await signInVisit(browser, app, fresh));
    } finally {
      await fresh.close();
    }
  }
  return { firstVisit: summarise(first), reload: summarise(reloaded), returnVisit: summarise(returning), signIn: summariseSignIn(signIn) };
}
