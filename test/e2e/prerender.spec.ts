// The signed-out home's first screen is in the built index.html (build/prerender-plugin.ts): it is
// painted before any of the app's code has arrived, the app's first render takes it over without a
// shift, and nobody it was not rendered for (signed in, another page, another language) ever sees it.
import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import appText from '../../src/i18n/catalogs/en/app.json' with { type: 'json' };
import auth from '../../src/i18n/catalogs/en/auth.json' with { type: 'json' };
import blog from '../../src/i18n/catalogs/en/blog.json' with { type: 'json' };
import common from '../../src/i18n/catalogs/en/common.json' with { type: 'json' };
import settings from '../../src/i18n/catalogs/en/later/settings.json' with { type: 'json' };
import status from '../../src/i18n/catalogs/en/status.json' with { type: 'json' };
import plApp from '../../src/i18n/catalogs/pl/app.json' with { type: 'json' };
import { allowErrors, expect, test } from './fixtures';
import { STORAGE_KEYS, TOKENS } from './support';

const WELCOME = appText.welcomeTitle;
const INTRO = appText.welcomeText;

interface PrerenderWatch {
  shifts: { value: number; moved: (string | null)[] }[];
  /** Whether the English welcome was ever in the document. */
  welcome: boolean;
}
type WatchedWindow = Window & { __prerenderWatch: PrerenderWatch };
/** The layout-shift entry's fields read here (not in TypeScript's DOM types). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node?: Node | null }[];
}

/** An init script: notes every layout shift, and whether `welcome` (the English welcome) was ever in the document. */
function watchPage(welcome: string) {
  const seen: PrerenderWatch = { shifts: [], welcome: false };
  Object.defineProperty(window, '__prerenderWatch', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[]) {
      if (!entry.hadRecentInput) seen.shifts.push({ value: entry.value, moved: entry.sources.map((source) => source.node?.nodeName ?? null) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (document.body?.textContent?.includes(welcome)) seen.welcome = true;
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

test.describe('the prerendered home', () => {
  test("a signed-out first visit paints the home before the app's code arrives; the app takes it over without a shift", allowErrors(), async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      const scripts: string[] = [];
      // Every script of the app waits until the prerendered screen has been looked at.
      await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
        scripts.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      });
      await page.addInitScript(watchPage, WELCOME);
      // Not until "load": that waits for the held scripts.
      await page.goto(app.url, { waitUntil: 'domcontentloaded' });
      const heading = page.getByRole('heading', { name: WELCOME });
      const intro = page.getByText(INTRO);
      await expect(heading).toBeVisible();
      await expect(intro).toBeVisible();
      // Nothing of the app has run: its code is held, the form is still the loading lines.
      expect(await page.evaluate(() => typeof (window as Partial<WatchedWindow>).__prerenderWatch)).toBe('object');
      await expect(page.getByLabel(auth.tokenLabel)).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: common.loading })).toHaveCount(1);
      // ... and it was asked for once that screen was on show.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              // The entry the boot list names (the core chunk, which holds the app's start).
              const { entry } = JSON.parse(document.getElementById('boot-assets')!.textContent!) as { entry: string };
              return [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].some((script) => script.getAttribute('src') === entry);
            }),
          {
            message: "the app's entry script added to the page",
            timeout: 5_000,
          },
        )
        .toBe(true);
      const boxes = async () => ({
        heading: await heading.boundingBox(),
        intro: await intro.boundingBox(),
        signInLink: await page.getByRole('banner').getByRole('link', { name: auth.signIn }).boundingBox(),
      });
      const before = await boxes();
      const prerenderedHeading = await heading.elementHandle();
      release();
      // The app's own render: the form, the blog entry, the API's status.
      await expect(page.getByLabel(auth.tokenLabel)).toBeVisible();
      const banner = page.getByRole('complementary', { name: blog.latest });
      await expect(banner.getByRole('button', { name: blog.more })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: status.online })).toBeAttached();
      expect(
        scripts.some((path) => /\/assets\/core-[\w-]+\.js$/.test(path)),
        `scripts asked for: ${scripts.join(', ')}`,
      ).toBe(true);
      // React replaced the prerendered nodes (its first commit empties the root) with the same boxes.
      expect(await prerenderedHeading?.evaluate((node) => node.isConnected), 'the prerendered heading is still in the page').toBe(false);
      expect(await boxes()).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as WatchedWindow).__prerenderWatch.shifts)).toEqual([]);
      // And it is the app: its links are the router's.
      await page.getByRole('navigation', { name: appText.mainNav }).getByRole('link', { name: appText.settings }).click();
      await expect(page.getByRole('heading', { name: settings.title })).toBeVisible();
      // No error: the inline loader is allowed by its hash, not blocked by the Content-Security-Policy.
    } finally {
      release();
    }
  });

  interface Other {
    name: string;
    contextOptions?: BrowserContextOptions;
    prepare?: (page: Page) => Promise<unknown>;
    url: string;
    shows: (page: Page) => Locator;
    /** Whether the English welcome is ever in the document. */
    welcome?: boolean;
    /** Whether the prerendered screen is used (<html data-prerendered>); as `welcome` unless said. */
    prerendered?: boolean;
  }
  const others: Other[] = [
    {
      name: 'signed in',
      prepare: (page) => page.addInitScript(({ key, token }) => sessionStorage.setItem(key, token), { key: STORAGE_KEYS.token, token: TOKENS.ada }),
      url: '',
      shows: (page) => page.getByRole('feed').getByRole('article').first(),
    },
    {
      name: 'another page (settings, signed out)',
      url: '#/settings',
      shows: (page) => page.getByRole('heading', { name: settings.title }),
    },
    {
      name: 'a Polish browser',
      contextOptions: { locale: 'pl-PL' },
      url: '',
      shows: (page) => page.getByRole('heading', { name: plApp.welcomeTitle }),
    },
    {
      name: 'English chosen in the app, Polish browser',
      contextOptions: { locale: 'pl-PL' },
      prepare: (page) => page.addInitScript((key) => localStorage.setItem(key, 'en'), STORAGE_KEYS.language),
      url: '',
      shows: (page) => page.getByRole('heading', { name: WELCOME }),
      welcome: true,
    },
    {
      name: 'the blog banner dismissed in this tab',
      prepare: (page) => page.addInitScript((key) => sessionStorage.setItem(key, 'x'), STORAGE_KEYS.blogDismissed),
      url: '',
      shows: (page) => page.getByLabel(auth.tokenLabel),
      // The app shows the welcome itself; the prerendered screen (with the banner's place held) is not used.
      welcome: true,
      prerendered: false,
    },
  ];
  for (const { name, contextOptions, prepare, url, shows, welcome = false, prerendered = welcome } of others) {
    test(`${name}: ${prerendered ? 'the prerendered home is used' : 'the prerendered home never shows'}`, async ({ app, openPage }) => {
      const session = await openPage(contextOptions ? { contextOptions } : {});
      const { page } = session;
      await page.addInitScript(watchPage, WELCOME);
      await prepare?.(page);
      await page.goto(app.at(url));
      await expect(shows(page)).toBeVisible();
      const state = await page.evaluate(() => ({
        welcome: (window as unknown as WatchedWindow).__prerenderWatch.welcome,
        prerendered: document.documentElement.hasAttribute('data-prerendered'),
      }));
      expect(state).toEqual({ welcome, prerendered });
    });
  }
});
