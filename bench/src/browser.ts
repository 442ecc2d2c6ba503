/**
 * Chromium for the bench: Debian's binary (or CHROMIUM_PATH) through playwright-core, with the
 * flags the app's browser tests launch it with.
 * External hosts (fixture avatars on example.com) fail at DNS inside the browser, with no request
 * interception (which would slow every request down): the app shows its image placeholder.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { logApiRequests, type RequestLog } from './requests';
import type { BenchSite } from './servers';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The browser tests' flags (a copy: the bench does not import the app's test helpers). */
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

export const TOKEN_KEY = 'social.api-token';
export const KNOWN_HEAD_KEY = 'social.highest-id';
export const ADA_TOKEN = 'tok-ada-lovelace';

/** Only loopback is reachable. */
export const BENCH_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];

export const VIEWPORT = { width: 1280, height: 800 };

/**
 * Lighthouse 12.8's mobile screen (its "moto g power (2022)": 412×823 at DPR 1.75, touch, its user
 * agent), as context options; a copy of test/e2e/support.ts's LIGHTHOUSE_MOBILE.
 */
export const LIGHTHOUSE_MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

const PROBE_SOURCE = readFileSync(new URL('./page-probe.js', import.meta.url), 'utf8');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: BENCH_CHROMIUM_ARGS });
}

export interface Watch {
  /** Key of the mark in the probe's snapshot. */
  name: string;
  selector: string;
  /** How many matches make the mark (default 1). */
  count?: number;
  /** The first match need only be laid out, not in the viewport (default false). */
  anywhere?: boolean;
}

export interface ProbeSnapshot {
  timeOrigin: number;
  now: number;
  fcpMs: number | null;
  lcpMs: number | null;
  lcpElement: string | null;
  longTaskCount: number;
  longTaskTotalMs: number;
  longTaskMaxMs: number;
  /** [startTime, duration] of every long task. */
  longTasks: Array<[number, number]>;
  maxDomNodes: number;
  maxArticles: number;
  domSamples: number;
  marks: Record<string, number>;
  /** [path, start, end] of every completed API request (Resource Timing). */
  api: Array<[string, number, number]>;
  /** [path, start, end] of the app's JS chunks (Resource Timing). */
  scripts: Array<[string, number, number]>;
}

export interface BenchPageOptions {
  /** Signed in with this token (sessionStorage, set before the app runs). */
  token?: string;
  /** localStorage entries set before the app runs, on every load. */
  localStorage?: Record<string, string>;
  /** Chromium CPU throttling rate (CDP Emulation.setCPUThrottlingRate); 1 = none. */
  cpuThrottle?: number;
  watch?: Watch[];
  sampleDom?: boolean;
  /** Reuse this context (its localStorage) instead of a fresh one. */
  context?: BrowserContext;
  /**
   * Let the bench hide the page (`__bench.setVisibility('hidden')`): document.visibilityState and
   * document.hidden report what the bench set, with the events a real tab switch fires. Headless
   * Chromium has no hidden tabs: every page stays 'visible' (minimised windows and background
   * targets included), so the page is told, as a browser tells it.
   */
  emulateVisibility?: boolean;
  /**
   * The probe's lists of every API request, script and long task, and its Resource Timing buffer
   * of 100,000 entries (true by default). False for a page measured by its own heap over a long
   * while (the soak): those lists grow with every request, in the page's heap.
   */
  keepEntries?: boolean;
}

export interface BenchPage {
  page: Page;
  context: BrowserContext;
  api: RequestLog;
  snapshot(): Promise<ProbeSnapshot>;
  /** Resolves when the probe's mark `name` is set; throws after `timeoutMs`. */
  waitForMark(name: string, timeoutMs?: number): Promise<number>;
  /** Needs `emulateVisibility`. */
  setVisibility(state: 'hidden' | 'visible'): Promise<void>;
  /** Closes the page, and the context when it was created here. */
  close(): Promise<void>;
}

function initScript(app: BenchSite, options: BenchPageOptions): string {
  const setup = {
    origin: app.origin,
    token: options.token ?? null,
    localStorage: options.localStorage ?? {},
    config: {
      apiBase: app.apiBase,
      watch: options.watch ?? [],
      sampleDom: options.sampleDom ?? false,
      emulateVisibility: options.emulateVisibility ?? false,
      keepEntries: options.keepEntries ?? true,
    },
  };
  return `(() => {
  const setup = ${JSON.stringify(setup)};
  if (location.origin !== setup.origin) return;
  if (setup.token) sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, setup.token);
  for (const [key, value] of Object.entries(setup.localStorage)) localStorage.setItem(key, value);
  window.__benchConfig = setup.config;
})();
${PROBE_SOURCE}`;
}

/** A page of the app with the probe and the API request log installed; navigate it yourself. */
export async function openPage(browser: Browser, app: BenchSite, options: BenchPageOptions = {}): Promise<BenchPage> {
  const ownContext = !options.context;
  const context = options.context ?? (await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' }));
  const page = await context.newPage();
  await page.addInitScript({ content: initScript(app, options) });
  const cdp = await context.newCDPSession(page);
  if (options.cpuThrottle && options.cpuThrottle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
  const api = logApiRequests(page, app.apiBase, cdp);
  await cdp.send('Network.enable');
  const snapshot = () => page.evaluate('window.__bench.snapshot()') as Promise<ProbeSnapshot>;
  return {
    page,
    context,
    api,
    snapshot,
    async waitForMark(name, timeoutMs = 30_000) {
      // Polled from here: the app's CSP forbids the eval a string waitForFunction would need.
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mark = (await snapshot()).marks[name];
        if (mark !== undefined) return mark;
        if (Date.now() > deadline) throw new Error(`"${name}" did not happen within ${timeoutMs} ms (${page.url()})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async setVisibility(state) {
      if (!options.emulateVisibility) throw new Error('setVisibility needs openPage({ emulateVisibility: true })');
      await page.evaluate(`window.__bench.setVisibility(${JSON.stringify(state)})`);
    },
    async close() {
      await page.close().catch(() => {});
      if (ownContext) await context.close().catch(() => {});
    },
  };
}

/** Selectors of what the figures wait for. */
export const SELECTORS = {
  /** A post of the feed with its content (a loading placeholder is aria-busy). */
  feedPost: '[role="feed"] article[data-post-id]:not([aria-busy="true"])',
  signInField: 'main form input',
  threadPost: 'article.thread-post',
  /**
   * A reply with its content, at any depth: its card is the item's child, or the mute fold's (the
   * thread wraps each reply in it, shown: src/features/mute/components/muted-gate.tsx). Without the
   * second the thread's figures waited 60 s for replies that had all been on screen for seconds.
   */
  reply: '.thread-replies li.reply[aria-busy="false"] > article, .thread-replies li.reply[aria-busy="false"] > .muted-gate-shown > article',
  endOfFeed: '.feed-footer',
} as const;
