// Helpers for the real-browser tests (node:test + playwright-core driving Debian's Chromium).
//
// The tests expect these environment variables, set by scripts/run-browser-tests.mjs:
//   APP_URL       the built app (dist/) served statically, config.json pointing at the mock API
//   MOCK_API_URL  the mock v2 API over HTTP (stateful; tests should tolerate existing state)
//   CHROMIUM_PATH optional, defaults to /usr/bin/chromium
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Reads a required environment variable, failing with a hint about how tests are meant to run. */
export function requireEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set. Run the browser tests with \`npm run test:browser\` (scripts/run-browser-tests.mjs).`);
  }
  return value;
}

/** The app's URL (always ending in '/'), optionally with a path or hash appended. */
export function appUrl(suffix = '') {
  const base = requireEnv('APP_URL');
  return new URL(suffix, base.endsWith('/') ? base : `${base}/`).href;
}

/** The mock API's base URL (no trailing slash), optionally with a path appended. */
export function mockApiUrl(pathname = '') {
  const base = requireEnv('MOCK_API_URL').replace(/\/+$/, '');
  return pathname ? `${base}/${pathname.replace(/^\/+/, '')}` : base;
}

export async function launchBrowser(options = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

/**
 * One Chromium for a test file: launched before its tests (after resetting the mock API when
 * `resetMockFirst`), closed after them. Returns a getter: the browser exists only once `before` ran.
 */
export function sharedBrowser({ resetMockFirst = false } = {}) {
  let browser;
  before(async () => {
    if (resetMockFirst) await resetMock();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** A 1x1 transparent PNG. */
const PLACEHOLDER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Opens a page in a fresh context (clean storage) and records console errors, page errors
 * (uncaught exceptions) and failed requests, so a test can assert the page ran cleanly.
 *
 * The browser never reaches the internet: requests to hosts other than 127.0.0.1/localhost are
 * intercepted and recorded in `externalRequests`. The mock's own pictures are served by the mock
 * server (127.0.0.1), so none is expected. With `externalImages: 'placeholder'` (the default) an
 * external image (say, a URL a test types into a profile) is answered with a 1x1 PNG; with 'fail'
 * it is aborted (to exercise the app's image fallback). Any other external request is aborted.
 *
 * Returns { page, context, errors, consoleErrors, pageErrors, failedRequests, externalRequests,
 *           unexpectedErrors(), close() }.
 *
 * `unexpectedErrors({ allow })` returns the recorded console and page errors, minus those matching
 * any of `allow` (strings are substrings, or RegExps), as readable strings. Chromium reports an HTTP
 * error response for a subresource (e.g. an expected 404) as the console error
 * "Failed to load resource: ... status of 404"; allow it explicitly where a test expects one.
 */
export async function newPage(
  browser,
  { colorScheme = 'light', viewport, contextOptions = {}, externalImages = 'placeholder' } = {},
) {
  const context = await browser.newContext({
    colorScheme,
    viewport: viewport ?? { width: 1280, height: 800 },
    locale: 'en-GB',
    ...contextOptions,
  });
  const page = await context.newPage();
  const consoleErrors = [];
  const pageErrors = [];
  const failedRequests = [];
  const externalRequests = [];

  await context.route(
    (url) => /^(https?|wss?):$/.test(url.protocol) && !LOCAL_HOSTS.has(url.hostname),
    async (route) => {
      const request = route.request();
      externalRequests.push(`${request.method()} ${request.url()} (${request.resourceType()})`);
      if (request.resourceType() === 'image' && externalImages === 'placeholder') {
        await route.fulfill({ status: 200, contentType: 'image/png', body: PLACEHOLDER_PNG });
      } else {
        await route.abort('blockedbyclient');
      }
    },
  );

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const location = message.location();
    const where = location?.url ? ` (${location.url}${location.lineNumber ? `:${location.lineNumber}` : ''})` : '';
    consoleErrors.push(`console.error: ${message.text()}${where}`);
  });
  page.on('pageerror', (error) => {
    pageErrors.push(`page error: ${error.stack || error.message || String(error)}`);
  });
  page.on('requestfailed', (request) => {
    failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });

  const matches = (text, pattern) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));

  return {
    page,
    context,
    consoleErrors,
    pageErrors,
    failedRequests,
    externalRequests,
    get errors() {
      return [...pageErrors, ...consoleErrors];
    },
    unexpectedErrors({ allow = [] } = {}) {
      return [...pageErrors, ...consoleErrors].filter((text) => !allow.some((pattern) => matches(text, pattern)));
    },
    async close() {
      await context.close().catch(() => {});
    },
  };
}

/** Formats a list of error strings for an assertion message. */
export function formatErrors(errors) {
  return errors.length ? `\n  - ${errors.join('\n  - ')}` : ' none';
}

let axeSourcePromise;
function axeSource() {
  axeSourcePromise ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSourcePromise;
}

/**
 * Runs axe-core on the page and returns its violations of impact "serious" or "critical", or of
 * the impacts listed in `impacts`; `impacts: 'all'` keeps every violation (minor and moderate too).
 * `rules` is axe's per-rule option (e.g. `{ 'some-rule': { enabled: false } }`, with a reason).
 * axe is injected with page.evaluate (not a <script> tag), so a Content-Security-Policy that
 * forbids inline scripts does not block it.
 *
 * Returns { violations, report } where `report` is a readable multi-line string ('' if clean).
 */
export async function checkA11y(page, { label = page.url(), include, exclude, impacts = ['serious', 'critical'], rules } = {}) {
  const hasAxe = await page.evaluate(() => typeof window.axe === 'object');
  if (!hasAxe) {
    const source = await axeSource();
    // Evaluating a string runs it as a script in the page's main world; `axe` becomes a global.
    await page.evaluate(`${source}\n;void 0;`);
  }
  const results = await page.evaluate(
    async ({ include: inc, exclude: exc, rules: ruleOverrides }) => {
      const context = inc || exc ? { include: inc ?? [document], exclude: exc ?? [] } : document;
      const options = {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      };
      if (ruleOverrides) options.rules = ruleOverrides;
      const run = await window.axe.run(context, options);
      return run.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' '),
          html: node.html,
          summary: node.failureSummary,
        })),
      }));
    },
    { include, exclude, rules },
  );
  const violations = impacts === 'all' ? results : results.filter((violation) => impacts.includes(violation.impact));
  return { violations, report: formatViolations(violations, label) };
}

export function formatViolations(violations, label = '') {
  if (!violations.length) return '';
  const lines = [`${violations.length} accessibility violation(s)${label ? ` on ${label}` : ''}:`];
  for (const violation of violations) {
    lines.push(`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes.slice(0, 5)) {
      lines.push(`    at ${node.target}`);
      lines.push(`       ${node.html.replace(/\s+/g, ' ').slice(0, 200)}`);
      if (node.summary) {
        for (const summaryLine of node.summary.split('\n')) lines.push(`       ${summaryLine.trim()}`);
      }
    }
    if (violation.nodes.length > 5) lines.push(`    ... and ${violation.nodes.length - 5} more node(s)`);
  }
  return lines.join('\n');
}

/** GETs JSON from the mock API (from node, not the browser). */
export async function fetchMockJson(pathname, init = {}) {
  const response = await fetch(mockApiUrl(pathname), {
    ...init,
    headers: { Accept: 'application/json', ...(init.headers ?? {}) },
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${pathname}: expected JSON, got HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body };
}

/**
 * Asks the mock server to reset its state, if it offers a reset endpoint
 * (POST {MOCK_API_URL}/__mock/reset). Returns true on success, false if there is none;
 * tests should be written to tolerate existing state either way.
 */
export async function resetMockServer() {
  try {
    const response = await fetch(mockApiUrl('__mock/reset'), { method: 'POST' });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Waits until `text` is visible somewhere on the page (exact substring match). */
export async function waitForText(page, text, { timeout = 15_000 } = {}) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

// ---------------------------------------------------------------------------------------------
// Shared helpers for the journey tests (reading, writing, faults, keyboard).

/** Bearer tokens of the mock's seed users (src/mocks/fixtures.ts; mock credentials only). */
export const TOKENS = {
  ada: 'tok-ada-lovelace',
  bram: 'tok-bram-nsfw',
  chen: 'tok-chen-private',
  dalia: 'tok-dalia-rtl',
  mallory: 'tok-mallory-hostile',
};

/** The seed users' uuids (src/mocks/fixtures.ts). */
export const USER_IDS = {
  ada: '6d1f5c2a-3b7e-4c1d-9a2f-0ada00000001',
  bram: '9b2e7d41-5c8a-4f3e-8b1d-0b4a00000002',
  chen: 'c3e81f07-2d6b-4a95-9e4c-0c4e00000003',
  dalia: 'd47a2c19-8e3f-4b60-a1d7-0da100000004',
  mallory: 'e5f0b8d2-7a1c-4e29-b6f3-0ba400000005',
};

/**
 * Chromium logs every HTTP error answer of a subresource or fetch (the feed's id scan meets 404s
 * for deleted ids by design) as this console error: expected, not a fault of the page.
 */
export const HTTP_ERROR_RESOURCE = /Failed to load resource: (the server responded with a status of \d{3}|net::ERR_)/;

/** Signs in from the signed-out home page: "API token" field, paste, "Sign in". Waits for the feed. */
export async function signIn(page, token, { expectFeed = true, timeout = 15_000 } = {}) {
  if (!page.url().startsWith(appUrl())) await page.goto(appUrl());
  const field = page.getByLabel('API token');
  await field.waitFor({ state: 'visible', timeout });
  await field.fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (expectFeed) {
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'visible', timeout });
  }
}

/** The mock server's whole state (users and posts; see src/mocks/model.ts). */
export async function mockState() {
  const { status, body } = await fetchMockJson('/__mock/state');
  if (status !== 200) throw new Error(`GET /__mock/state answered HTTP ${status}`);
  return body;
}

/** One post as the server holds it, or undefined. */
export async function mockPost(id) {
  const state = await mockState();
  return state.posts.find((post) => String(post.id) === String(id));
}

/**
 * Switches the mock's fault injection: `{ rate, kinds, seed }` (rate 0 = off). Resetting the
 * mock turns faults off too.
 */
export async function setFaults(config) {
  const response = await fetch(mockApiUrl('__mock/faults'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(config),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`POST /__mock/faults answered HTTP ${response.status}`);
}

/** Resets the mock, failing the test if it cannot (the journey tests depend on the seed state). */
export async function resetMock() {
  if (!(await resetMockServer())) throw new Error('POST /__mock/reset failed: the journey tests need the seed state');
}

/** Polls `probe` until it returns a truthy value (resolved with it) or `timeout` passes (throws `message`). */
export async function waitUntil(probe, { timeout = 10_000, interval = 100, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await probe();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** The post id of the thread the page shows (`#/post/<id>`), or null. */
export function threadIdOf(page) {
  const match = /#\/post\/(\d+)(?:[?#]|$)/.exec(page.url());
  return match ? match[1] : null;
}

/** The ids of the feed's rendered posts, top to bottom (the list is windowed: only those in the DOM). */
export async function feedPostIds(page) {
  return page
    .getByRole('feed')
    .getByRole('article')
    .evaluateAll((articles) => articles.map((article) => article.getAttribute('data-post-id')).filter(Boolean));
}
