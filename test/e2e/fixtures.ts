/**
 * What every journey runs on: Playwright's `test` with two worker fixtures of ours.
 *
 * - `mockApi`: the mock v2 API over real HTTP (src/mocks/http-server.ts, the same MSW handlers the
 *   app's in-browser mock and Vitest use), started in the worker on a free port. Each worker has its
 *   own, so files running side by side never see each other's posts.
 * - `app`: dist/ served as a plain static host under a sub-path (scripts/serve.ts), its config.json
 *   pointing at that mock API.
 *
 * A file whose tests need the seed state resets the mock in `test.beforeAll` (`mockApi.reset()`).
 *
 * And the tests' own: Playwright's `page` and `context`, guarded (support.ts `guardContext`: errors
 * recorded, nothing leaves the machine), `session` (that page with its record), `openPage` for a second
 * browser. Every test checks itself: after it, any page error or console error in any guarded context
 * fails it, bar Chromium's line for an HTTP error answer (the feed's id scan meets 404s by design). A
 * test that provokes another, or allows not even that, says so in its details:
 * `test(title, allowErrors(HTTP_ERROR_RESOURCE, /what it provokes/), body)` — seen in the report as
 * its annotation. Locale, viewport, colour scheme and service workers (blocked unless a file allows
 * them: playwright.config.ts) are Playwright's options (`test.use({ colorScheme: 'dark' })`), for
 * `page` and `openPage` alike.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base } from '@playwright/test';
import { startStaticServer } from '../../scripts/serve';
import type { FaultConfig } from '../../src/mocks/handlers/faults';
import { startMockHttpServer } from '../../src/mocks/http-server';
import type { MockDbSnapshot, MockPost } from '../../src/mocks/model';
import {
  formatErrors,
  guardContext,
  HTTP_ERROR_RESOURCE,
  newPage,
  sessionOf,
  takeUnexpectedErrors,
  type ErrorPattern,
  type NewPageOptions,
  type PageSession,
} from './support';

export { expect } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The production build the journeys drive (`npm run build`). */
export const DIST_DIR = path.join(ROOT, 'dist');
/** The designer preview (`npm run build:preview`): the app with the in-browser mock. */
export const PREVIEW_DIR = path.join(ROOT, 'dist-preview');
/** Served under a sub-path, as on a real static host: the app needs no rewrites and only relative URLs. */
export const APP_BASE_PATH = '/apps/social/';

export interface MockApi {
  /** The API's base URL, no trailing slash (the app's apiBaseUrl). */
  readonly url: string;
  /** `${url}/${pathname}`. */
  at(pathname?: string): string;
  /** Back to the seed state, faults off. */
  reset(): Promise<void>;
  /** The server's whole state: users and posts as it holds them. */
  state(): Promise<MockDbSnapshot>;
  /** Replaces the server's state (what `state()` answers, changed: test/support/extra-account.ts). */
  restore(snapshot: MockDbSnapshot): Promise<void>;
  /** One post as the server holds it. */
  post(id: number | string): Promise<MockPost | undefined>;
  /** Fault injection: `{ rate, kinds, seed }` (rate 0: off); the body POST /__mock/faults takes. */
  setFaults(config: Partial<Pick<FaultConfig, 'rate' | 'kinds'>> & { seed?: number }): Promise<void>;
  /**
   * `{ draftOnly: true }`: get-post answers without parent_id, as Draft 4 lists it; `{ latencyMs: 150 }`:
   * every answer that slow. A reset ends both; a field left out stays as it was.
   */
  setOptions(options: { draftOnly?: boolean; latencyMs?: number }): Promise<void>;
  /** GETs (or sends) JSON from node, not the browser. */
  fetchJson<T = unknown>(pathname: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  /** Creates a post through the API as `token`'s account, from node (another person posting): its id. */
  postAs(token: string, content: string): Promise<number>;
}

export interface App {
  /** dist/ under APP_BASE_PATH, ending in '/'. */
  readonly url: string;
  /** A URL inside the app: `at('#/post/5')`, `at('config.json')`. */
  at(suffix?: string): string;
  /** The config.json the app is served with. */
  readonly config: { apiBaseUrl: string; mocks: false };
}

async function post(url: string, body?: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`POST ${url} answered HTTP ${response.status}`);
}

function mockApiAt(url: string): MockApi {
  const at = (pathname = '') => (pathname ? `${url}/${pathname.replace(/^\/+/, '')}` : url);
  const fetchJson = async <T>(pathname: string, init: RequestInit = {}) => {
    const response = await fetch(at(pathname), { ...init, headers: { Accept: 'application/json', ...init.headers } });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as T };
    } catch {
      throw new Error(`${pathname}: expected JSON, got HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
  };
  const state = async () => {
    const { status, body } = await fetchJson<MockDbSnapshot>('__mock/state');
    if (status !== 200) throw new Error(`GET /__mock/state answered HTTP ${status}`);
    return body;
  };
  return {
    url,
    at,
    reset: () => post(at('__mock/reset')),
    state,
    restore: (snapshot) => post(at('__mock/state'), snapshot),
    post: async (id) => (await state()).posts.find((candidate) => String(candidate.id) === String(id)),
    setFaults: (config) => post(at('__mock/faults'), config),
    setOptions: (options) => post(at('__mock/options'), options),
    fetchJson,
    postAs: async (token, content) => {
      const { status, body } = await fetchJson<{ post: { id: string } }>('v2/post', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      if (status !== 200) throw new Error(`PUT /v2/post answered HTTP ${status}`);
      return Number(body.post.id);
    },
  };
}

/**
 * Opens a page in a fresh guarded context (see newPage in ./support), with the test's locale, viewport
 * and colour scheme unless `options` say otherwise; every one is closed after the test.
 */
export type OpenPage = (options?: NewPageOptions) => Promise<PageSession>;

const ALLOWED_ERRORS = 'allowed errors';
const allowances = new Map<string, ErrorPattern[]>();

/**
 * A test's details (`test(title, allowErrors(...), body)`): the page errors and console errors it may
 * meet (matched as `unexpectedErrors` does, against "page error: …" and "console.error: …"), in place
 * of the default HTTP_ERROR_RESOURCE; none at all with no argument.
 */
export function allowErrors(...patterns: ErrorPattern[]): { annotation: { type: string; description: string } } {
  const description = patterns.length ? patterns.map(String).join(' ') : 'none';
  allowances.set(description, patterns);
  return { annotation: { type: ALLOWED_ERRORS, description } };
}

interface TestFixtures {
  /** The `page` fixture and what its context recorded. */
  session: PageSession;
  openPage: OpenPage;
  /** After the test: no unexpected error in any guarded context (automatic). */
  errorCheck: void;
}

export const test = base.extend<TestFixtures, { mockApi: MockApi; app: App }>({
  errorCheck: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const noted = testInfo.annotations.find((annotation) => annotation.type === ALLOWED_ERRORS)?.description;
      const allow = noted === undefined ? [HTTP_ERROR_RESOURCE] : allowances.get(noted);
      if (!allow) throw new Error(`unknown allowErrors annotation: ${noted}`);
      await use();
      const errors = takeUnexpectedErrors(allow);
      expect(errors, `errors in the page (allowed: ${allow.map(String).join(' ') || 'none'}):${formatErrors(errors)}`).toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await guardContext(context);
    await use(context);
  },
  session: async ({ context, page }, use) => {
    await use(sessionOf(page, await guardContext(context)));
  },
  openPage: async ({ browser, colorScheme, viewport, locale, serviceWorkers }, use) => {
    const sessions: PageSession[] = [];
    await use(async (options = {}) => {
      const session = await newPage(browser, {
        colorScheme,
        serviceWorkers,
        ...(viewport ? { viewport } : {}),
        ...options,
        contextOptions: { ...(locale ? { locale } : {}), ...options.contextOptions },
      });
      sessions.push(session);
      return session;
    });
    await Promise.all(sessions.map((session) => session.close()));
  },
  mockApi: [
    // Playwright reads a fixture's dependencies from its first parameter: it must be a destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // E2E_DRAFT_ONLY=1: every journey against answers as Draft 4 lists them (no parent_id in get-post).
      // E2E_LATENCY_MS=150: every answer that late, in every journey (a slow network's server); a
      // journey's own setOptions({ latencyMs }) overrides it until its reset.
      const latencyMs = Number(process.env.E2E_LATENCY_MS) || 0;
      const server = await startMockHttpServer({ port: 0, draftOnly: process.env.E2E_DRAFT_ONLY === '1', latencyMs });
      await use(mockApiAt(server.url));
      await server.close();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ mockApi }, use) => {
      const config = { apiBaseUrl: mockApi.url, mocks: false as const };
      const server = await startStaticServer({
        root: DIST_DIR,
        basePath: APP_BASE_PATH,
        overrides: { 'config.json': `${JSON.stringify(config, null, 2)}\n` },
        // Uncompressed: on this machine's loopback gzip saves no time, and compressing every chunk of
        // every page at level 9 ran in this worker's one thread, beside the mock API and Playwright.
        // Compression is nginx.spec's subject (deploy/nginx.conf), served as a real host does it.
        compress: false,
      });
      await use({ url: server.url, at: (suffix = '') => new URL(suffix, server.url).href, config });
      await server.close();
    },
    { scope: 'worker' },
  ],
});
