/**
 * Helpers the journeys share: a page that records what went wrong in it and never leaves this
 * machine, axe, signing in, the mock's credentials (imported from the mock itself, not copied).
 */
import { EXTERNAL_URL } from './external-url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request } from '@playwright/test';
import { FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS } from '../../src/mocks/fixtures';
import type { AccountDataKind } from '../../src/entities/account/account-data';

import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { PERSIST_KEY } from '../../src/lib/query-persistence';

export { STORAGE_KEYS };

/** Bearer tokens of the mock's seed users (mock credentials only). */
export const TOKENS = MOCK_TOKENS;
/** The seed users' uuids. */
export const USER_IDS = MOCK_USER_IDS;

/**
 * Chromium logs every HTTP error answer of a subresource or fetch (the feed's id scan meets 404s
 * for deleted ids by design) as this console error: expected, not a fault of the page.
 */
export const HTTP_ERROR_RESOURCE = /Failed to load resource: (the server responded with a status of \d{3}|net::ERR_)/;


export type ErrorPattern = string | RegExp;

/**
 * A console error of any kind, for `test.use({ allowErrors: [...] })`: a test that checks only that
 * nothing was thrown in the page (a page error still fails it). Page errors read "page error: …".
 */
export const ANY_CONSOLE_ERROR = /^console\.error: /;

/** What went wrong in a browser context's pages, as `guardContext` records it. */
export interface ContextRecord {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  /** Requests to hosts other than this machine, all stopped before they left. */
  externalRequests: string[];
}

export interface PageSession extends ContextRecord {
  page: Page;
  context: BrowserContext;
  /** Page errors and console errors, in that order. */
  readonly errors: string[];
  /** The errors not matching any of `allow` (a string matches as a substring). */
  unexpectedErrors(options?: { allow?: ErrorPattern[] }): string[];
  close(): Promise<void>;
}

export interface NewPageOptions {
  colorScheme?: BrowserContextOptions['colorScheme'];
  viewport?: { width: number; height: number };
  /** As the config's `use.serviceWorkers` (the default here): 'allow' installs the app's worker. */
  serviceWorkers?: BrowserContextOptions['serviceWorkers'];
  contextOptions?: BrowserContextOptions;
}

const matches = (text: string, pattern: ErrorPattern) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));

/** The errors of `errors` not matching any of `allow` (a string matches as a substring). */
export function unexpected(errors: readonly string[], allow: readonly ErrorPattern[] = []): string[] {
  return errors.filter((text) => !allow.some((pattern) => matches(text, pattern)));
}

/**
 * Every context the journeys open is guarded: what its pages log as errors, throw, and fail to load is
 * recorded, and nothing reaches the internet: a request to another host is recorded in
 * `externalRequests`, and fails in the browser (playwright.config.ts sends it to a proxy that is not
 * there). The error check after every test (fixtures.ts) reads the record of every guarded context
 * still open, or closed during the test.
 */
const guarded = new Map<BrowserContext, { record: ContextRecord; checked: { page: number; console: number }; closed: boolean }>();

export async function guardContext(context: BrowserContext): Promise<ContextRecord> {
  const known = guarded.get(context);
  if (known) return known.record;
  const record: ContextRecord = { consoleErrors: [], pageErrors: [], failedRequests: [], externalRequests: [] };
  const entry = { record, checked: { page: 0, console: 0 }, closed: false };
  guarded.set(context, entry);
  context.on('close', () => {
    entry.closed = true;
  });
  // Recorded as the request starts; the browser itself refuses it (playwright.config.ts's proxy).
  context.on('request', (request) => {
    if (EXTERNAL_URL.test(request.url())) record.externalRequests.push(`${request.method()} ${request.url()} (${request.resourceType()})`);
  });
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const location = message.location();
      const where = location.url ? ` (${location.url}${location.lineNumber ? `:${location.lineNumber}` : ''})` : '';
      record.consoleErrors.push(`console.error: ${message.text()}${where}`);
    });
    page.on('pageerror', (error) => record.pageErrors.push(`page error: ${error.stack || error.message || String(error)}`));
    page.on('requestfailed', (request) => record.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return record;
}

/**
 * The errors (page errors, then console errors) that guarded contexts recorded since the last call
 * and that match none of `allow`; forgets the contexts closed since. The error check of fixtures.ts.
 */
export function takeUnexpectedErrors(allow: readonly ErrorPattern[]): string[] {
  const found: string[] = [];
  for (const [context, entry] of guarded) {
    const { pageErrors, consoleErrors } = entry.record;
    // The lists only grow: what was checked is the start of each.
    found.push(...unexpected([...pageErrors.slice(entry.checked.page), ...consoleErrors.slice(entry.checked.console)], allow));
    entry.checked = { page: pageErrors.length, console: consoleErrors.length };
    if (entry.closed) guarded.delete(context);
  }
  return found;
}

/**
 * A page in a fresh guarded context (clean storage): see `guardContext`. For a test that needs a
 * second browser, or a page shared by the tests of a file; one page a test is the `page` fixture.
 */
export async function newPage(
  browser: Browser,
  { colorScheme = 'light', viewport, serviceWorkers = 'block', contextOptions = {} }: NewPageOptions = {},
): Promise<PageSession> {
  const context = await browser.newContext({
    colorScheme,
    viewport: viewport ?? { width: 1280, height: 800 },
    locale: 'en-GB',
    serviceWorkers,
    ...contextOptions,
  });
  const record = await guardContext(context);
  return sessionOf(await context.newPage(), record);
}

/** The page and what its context recorded, as one object. */
export function sessionOf(page: Page, record: ContextRecord): PageSession {
  const context = page.context();
  return {
    ...record, // the same arrays: they go on filling
    page,
    context,
    get errors() {
      return [...record.pageErrors, ...record.consoleErrors];
    },
    unexpectedErrors({ allow = [] }: { allow?: ErrorPattern[] } = {}) {
      return unexpected([...record.pageErrors, ...record.consoleErrors], allow);
    },
    async close() {
      await context.close().catch(() => {});
    },
  };
}

/** A list of error strings for an assertion message. */
export function formatErrors(errors: string[]): string {
  return errors.length ? `\n  - ${errors.join('\n  - ')}` : ' none';
}

export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string | undefined }[];
}

export interface A11yOptions {
  label?: string;
  include?: string[];
  exclude?: string[];
  /** Impacts that count ('serious' and 'critical' by default), or 'all'. */
  impacts?: string[] | 'all';
  /** axe's per-rule options, e.g. `{ 'some-rule': { enabled: false } }` (give a reason where used). */
  rules?: Record<string, { enabled: boolean }>;
}

/** What the audits hold the app to: WCAG 2.2 A/AA and axe's best practice. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core's violations on the page (@axe-core/playwright; WCAG 2.2 A/AA and best practice), of impact
 * "serious" or "critical" unless `impacts` says otherwise, and a readable report ('' when clean). axe
 * goes in with page.evaluate, not a <script> tag, so the app's Content-Security-Policy does not block
 * it. Legacy mode: axe.run in the page itself, not runPartial plus finishRun in a blank page opened for
 * each audit (the app has no frames to reach across origins).
 */
export async function checkA11y(
  page: Page,
  { label = page.url(), include, exclude, impacts = ['serious', 'critical'], rules }: A11yOptions = {},
): Promise<{ violations: A11yViolation[]; report: string }> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'], ...(rules ? { rules } : {}) });
  for (const selector of include ?? []) builder.include(selector);
  for (const selector of exclude ?? []) builder.exclude(selector);
  const results = (await builder.analyze()).violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    helpUrl: violation.helpUrl,
    nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), html: node.html, summary: node.failureSummary })),
  }));
  const violations = impacts === 'all' ? results : results.filter((violation) => impacts.includes(violation.impact ?? ''));
  return { violations, report: formatViolations(violations, label) };
}

export function formatViolations(violations: A11yViolation[], label = ''): string {
  if (!violations.length) return '';
  const lines = [`${violations.length} accessibility violation(s)${label ? ` on ${label}` : ''}:`];
  for (const violation of violations) {
    lines.push(`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes.slice(0, 5)) {
      lines.push(`    at ${node.target}`, `       ${node.html.replace(/\s+/g, ' ').slice(0, 200)}`);
      for (const summaryLine of node.summary?.split('\n') ?? []) lines.push(`       ${summaryLine.trim()}`);
    }
    if (violation.nodes.length > 5) lines.push(`    ... and ${violation.nodes.length - 5} more node(s)`);
  }
  return lines.join('\n');
}

/**
 * Signs in from the signed-out home page: "API token" field, paste, "Sign in"; waits for the feed.
 * With `url`, opens it first (the app's address); otherwise the page must be on the home page.
 */
export async function signIn(page: Page, token: string, { url, expectFeed = true, timeout = 15_000 }: { url?: string; expectFeed?: boolean; timeout?: number } = {}) {
  if (url) await page.goto(url);
  const field = page.getByLabel('API token');
  await field.waitFor({ state: 'visible', timeout });
  await field.fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (expectFeed) await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'visible', timeout });
}

/** How many tabs openSignedIn signed in by an init script: each its own mark. */
let signedInTabs = 0;

/**
 * Opens `url` (the app's address) already signed in with `token`, without the sign-in form: for the
 * journeys about something else (those about signing in use `signIn`). Waits for "Sign out" as
 * `signIn` does. THE one place that knows how a signed-in tab is stored: it writes only the token in
 * use (sessionStorage `social.api-token`, which the app reads as signed in; src/entities/account/
 * token-store.ts) and lets the app learn the rest. Playwright's storageState keeps no sessionStorage,
 * so the token is written on the app's origin before the app loads, once: a reload or a sign-out
 * later is the app's own. In a new tab by an init script (no extra page load); in a tab already on a
 * page, from a blank page at that origin (answered by the test, not the app's host).
 */
export async function openSignedIn(
  page: Page,
  token: string,
  {
    url,
    timeout = 15_000,
    waitForSignOut = true,
    emptySession = false,
  }: {
    url: string;
    timeout?: number;
    /** false: the page's language may not be English */
    waitForSignOut?: boolean;
    /**
     * A tab on a page already: its sessionStorage emptied first, as a new tab's is (the account in
     * use, the persisted query cache). Emptied once the app has left the tab: the app writes its
     * cache there as it goes (pagehide), so emptying it before that write could be undone by it.
     */
    emptySession?: boolean;
  },
) {
  if (page.url() === 'about:blank') {
    // A new tab: the token is put in its sessionStorage before the app's first script runs, once
    // (the tab's window.name remembers it: a reload after a sign-out stays signed out).
    const tag = `e2e-signed-in-${(signedInTabs += 1)}`;
    await page.addInitScript(
      ([key, value, mark]) => {
        if (window.name.split(' ').includes(mark)) return;
        sessionStorage.setItem(key, value);
        window.name = `${window.name} ${mark}`.trim();
      },
      [STORAGE_KEYS.token, token, tag] as const,
    );
  } else {
    // A tab on a page already: a document of the app's origin to write in, then the app afresh.
    const blank = new URL('/__e2e-signed-in-start', url).href;
    await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>start</title>' }));
    await page.goto(blank);
    if (emptySession) await page.evaluate(() => sessionStorage.clear());
    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [STORAGE_KEYS.token, token] as const);
    await page.unroute(blank);
  }
  await page.goto(url);
  if (waitForSignOut) await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'visible', timeout });
}

/** Polls `probe` until it returns a truthy value (resolved with it), or throws after `timeout`. */
export async function waitUntil<T>(probe: () => T | Promise<T>, { timeout = 10_000, interval = 100, message = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** The post id of the thread the page shows (`#/post/<id>`), or null. */
export function threadIdOf(page: Page): string | null {
  return /#\/post\/(\d+)(?:[?#]|$)/.exec(page.url())?.[1] ?? null;
}

/** The ids of the feed's rendered posts, top to bottom (the list is windowed: only those in the DOM). */
export async function feedPostIds(page: Page): Promise<string[]> {
  return page
    .getByRole('feed')
    .getByRole('article')
    .evaluateAll((articles) => articles.map((article) => article.getAttribute('data-post-id')).filter((id): id is string => Boolean(id)));
}

/**
 * Lighthouse 12.8's mobile defaults (its "moto g power (2022)"), as a context's options: the screen,
 * device pixel ratio, touch and user agent it emulates. Its slow 4G and 4× CPU are applied to a page
 * by `throttleLikeLighthouse`. A check meant to see what Lighthouse sees (layout shifts above all)
 * runs under these, not under a bare 412×823 viewport.
 */
export const LIGHTHOUSE_MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
} as const satisfies BrowserContextOptions;

/**
 * Lighthouse's throttling, applied for real (Lighthouse simulates it): the CPU 4× slower, and its
 * slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up). Call before the page's first navigation.
 */
export async function throttleLikeLighthouse(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** A layout shift as the page reported it, with what moved (a description of each node, its rects). */
export interface RecordedShift {
  /** performance.now() of the shift, ms. */
  at: number;
  value: number;
  sources: string[];
}

/**
 * An init script (`page.addInitScript(recordLayoutShifts)`): records every layout shift not caused
 * by input (PerformanceObserver, buffered) in `window.__layoutShifts`, and the time of the
 * document's last change in `window.__lastMutationAt`, for `waitForQuiet`.
 */
export function recordLayoutShifts(): void {
  interface Source {
    node?: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  }
  type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
  const shifts: RecordedShift[] = [];
  const seen = window as unknown as { __layoutShifts: RecordedShift[]; __lastMutationAt: number };
  seen.__layoutShifts = shifts;
  seen.__lastMutationAt = performance.now();
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  const describe = (node: Node | null | undefined) => {
    if (!node) return '(gone)';
    if (!(node instanceof Element)) return `${node.nodeName} "${(node.textContent ?? '').trim().slice(0, 40)}" in ${describeElement(node.parentElement)}`;
    return describeElement(node);
  };
  const describeElement = (element: Element | null): string => {
    if (!element) return '(none)';
    const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    const id = element.getAttribute('data-post-id');
    return `${element.tagName.toLowerCase()}${classes}${id ? `[data-post-id="${id}"]` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as ShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: (entry.sources ?? []).map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    seen.__lastMutationAt = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** The shifts `recordLayoutShifts` has seen so far. */
export async function layoutShifts(page: Page): Promise<RecordedShift[]> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: RecordedShift[] }).__layoutShifts);
}

/** Their sum (CLS, taken over the whole load: every shift here falls in one session window or fewer). */
export const sumShifts = (shifts: RecordedShift[]) => shifts.reduce((total, shift) => total + shift.value, 0);

/** One line a shift: when, how much, what moved. */
export function formatShifts(shifts: RecordedShift[]): string {
  if (!shifts.length) return ' none';
  return shifts.map((shift) => `\n  - at ${shift.at} ms: ${shift.value.toFixed(4)}${shift.sources.map((source) => `\n      ${source}`).join('')}`).join('');
}

/**
 * Waits until neither the document has changed nor the layout shifted for `quietMs` (page time),
 * or `timeout` has passed (then returns false). Needs `recordLayoutShifts` in the page.
 */
export async function waitForQuiet(page: Page, { quietMs = 1_000, timeout = 30_000 } = {}): Promise<boolean> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const idleFor = await page.evaluate(() => {
      const seen = window as unknown as { __layoutShifts: RecordedShift[]; __lastMutationAt: number };
      const lastShift = seen.__layoutShifts.at(-1)?.at ?? 0;
      return performance.now() - Math.max(seen.__lastMutationAt, lastShift);
    });
    if (idleFor >= quietMs) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.max(100, quietMs - idleFor)));
  }
}

/** The feed shows posts, and its first three have loaded (none is still a loading placeholder). */
export async function waitForFeed(page: Page): Promise<void> {
  await expect(page.locator('[role="feed"] article[data-post-id]').first()).toBeVisible();
  await page.waitForFunction(() => {
    const articles = [...document.querySelectorAll('[role="feed"] article')];
    return articles.length > 0 && articles.slice(0, 3).every((a) => a.getAttribute('aria-busy') !== 'true');
  }, null, { timeout: 15_000 });
}

/**
 * The feed's windowed list has taken over from the first posts (feed-list.tsx, loaded once they are
 * painted): its keys (j, k, o) work from then on. A key pressed before does nothing (README), so a
 * journey that walks the feed by keyboard waits for this first.
 */
export async function waitForFeedList(page: Page): Promise<void> {
  await expect(page.locator('[role="feed"][data-painted]')).toBeAttached();
}

/**
 * The feed with the seed's newest post (or `newest`) on top. A first visit in a browser opens on the
 * highest post its search for the newest has read (the seed's 73), then offers what the check above
 * it finds (74 and 75) as "N new posts" (reading-the-spec.md): this presses that offer, as a reader
 * would, in any language. A return visit starts from the newest post seen, with nothing to press.
 */
export async function showNewest(page: Page, newest: string = String(FIXTURE_POST_IDS.newest)): Promise<void> {
  await waitForFeed(page);
  const top = page.locator('[role="feed"] article[data-post-id]').first();
  const offer = await page.waitForFunction(
    (id) => {
      if (document.querySelector('[role="feed"] article[data-post-id]')?.getAttribute('data-post-id') === id) return 'top';
      return document.querySelector('.feed-new-posts') ? 'offer' : false;
    },
    newest,
    { timeout: 15_000 },
  );
  if ((await offer.jsonValue()) === 'offer') await page.locator('.feed-new-posts').click();
  await expect(top).toHaveAttribute('data-post-id', newest);
  await waitForFeed(page);
}

/** Nothing on the page is still loading. */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Nothing sent to the API for this long (real time) after a step of the clock: its requests, and what they led to, are done. */
export const QUIET_MS = 100;
/** The same, where a late request would land in the wrong count: the end of a window. */
export const LONG_QUIET_MS = 500;

export interface ApiWatch {
  /** Every GET the page has sent to the API since the watch began, as "/v2/post/78". */
  readonly gets: string[];
  /** Resolves once no API request is under way and none started or ended for `quietMs` since `since`. */
  quiet(since: number, quietMs?: number): Promise<void>;
}

/** The page's GETs to the API at `apiUrl`, and whether any request to it is still under way. */
export function watchApi(page: Page, apiUrl: string): ApiWatch {
  const gets: string[] = [];
  // The requests seen to start and not yet seen to end. A set, not a count: a request already under
  // way when the watch began ends without having been counted, and a count would go below zero and
  // never be 0 again (the failure of tabs.spec's "closing the tab that reads" in CI, 1 run in 12 here).
  const inFlight = new Set<Request>();
  let lastEventAt = Date.now();
  const isApi = (request: Request) => request.url().startsWith(`${apiUrl}/v2/`);
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight.add(request);
    lastEventAt = Date.now();
    if (request.method() === 'GET') gets.push(new URL(request.url()).pathname);
  });
  const done = (request: Request) => {
    if (!isApi(request)) return;
    inFlight.delete(request);
    lastEventAt = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    gets,
    async quiet(since, quietMs = QUIET_MS) {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - Math.max(lastEventAt, since) >= quietMs, { intervals: [25], timeout: 10_000 })
        .toBe(true);
    },
  };
}

/**
 * Moves the page's clock (`page.clock.install()`) on by `ms`, `stepMs` at a time, each step's
 * requests settled before the next; returns the GETs sent meanwhile. Never one long jump while a
 * request is under way: `runFor` fires a minute of timers in a few real milliseconds, so a request
 * sent a moment before would meet its 15 s timeout (transport.ts) long before its answer could
 * arrive, fail, and be retried: requests a real minute never makes (the replies journey failed
 * on them in CI, the feed's next page read three times over). A step stays below that timeout.
 * `settle`: how long nothing is sent after the last step (real time) before the GETs are counted.
 */
export async function advanceClock(
  page: Page,
  api: ApiWatch,
  ms: number,
  { step = 10_000, settle = LONG_QUIET_MS }: { step?: number; settle?: number } = {},
): Promise<string[]> {
  const from = api.gets.length;
  for (let elapsed = 0; elapsed < ms; elapsed += step) {
    await page.clock.runFor(Math.min(step, ms - elapsed));
    await api.quiet(Date.now(), elapsed + step < ms ? QUIET_MS : settle);
  }
  return api.gets.slice(from);
}

/** A character of an element's text where the browser drew it: the middle of its box, and its top. */
export interface DrawnCharacter {
  x: number;
  y: number;
  char: string;
}

/**
 * The characters of `locator`'s text (spaces left out) where they are drawn: for checking the order
 * bidirectional text is shown in, which the DOM's order does not tell.
 */
export function charactersAsDrawn(locator: Locator): Promise<DrawnCharacter[]> {
  return locator.evaluate((element) => {
    const chars: { x: number; y: number; char: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i += 1) {
        if (!node.data[i]!.trim()) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) chars.push({ x: box.left + box.width / 2, y: Math.round(box.top), char: node.data[i]! });
      }
    }
    return chars;
  });
}

/**
 * `chars` as read off the screen: line by line from the top, each left to right, joined. Boxes
 * whose tops are within 8 px are one line (a fallback font for "@" or Arabic letters starts its box
 * a little higher or lower than the line's other characters).
 */
export function leftToRight(chars: readonly DrawnCharacter[]): string {
  const byTop = [...chars].sort((a, b) => a.y - b.y);
  const lines: DrawnCharacter[][] = [];
  for (const char of byTop) {
    const line = lines.at(-1);
    if (line && char.y - line[0]!.y < 8) line.push(char);
    else lines.push([char]);
  }
  return lines.map((line) => line.sort((a, b) => a.x - b.x).map((c) => c.char).join('')).join('');
}

/** The query caches the page's tab keeps (src/lib/query-persistence.ts: one per account), raw. */
export function persistedQueryCaches(page: Page): Promise<string[]> {
  return page.evaluate(
    (prefix) => Object.keys(sessionStorage).filter((key) => key.startsWith(prefix)).map((key) => sessionStorage.getItem(key) ?? ''),
    PERSIST_KEY,
  );
}

/**
 * What the page's device keeps of `kind` for the account called `username` (src/entities/account/
 * account-data.ts: its record in `social.device-accounts`, its data under its local id), raw; null for none.
 */
export function storedAccountData(page: Page, username: string, kind: AccountDataKind): Promise<string | null> {
  return page.evaluate(
    ({ username, kind }) => {
      const records = JSON.parse(localStorage.getItem('social.device-accounts') ?? '[]') as Array<{ id: string; username: string }>;
      const record = records.find((r) => r.username === username);
      return record ? localStorage.getItem(`social.account:${record.id}:${kind}`) : null;
    },
    { username, kind },
  );
}
