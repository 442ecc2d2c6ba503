import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, prerenderFits, type BootState } from '../../src/app/boot-loader';
import { FIRST_VISIT_PROBES } from '../../src/entities/post/feed-scan';
import { createTransport } from '../../src/lib/api/transport';
import { getPost } from '../../src/lib/api/posts';
import { BOOT_FETCHES, takeBootFetch } from '../../src/lib/boot-fetches';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { tokenStore } from '../../src/entities/account/token-store';
import { resolveLocale } from '../../src/i18n/i18n';
import { setLanguagePreference } from '../../src/features/settings/language-preference';

const ASSETS = { modules: ['./assets/core-a.js', './assets/en-b.js'], fetches: ['./config.json'], entry: './assets/index-c.js' };

function page() {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-prerendered');
  document.body.innerHTML = `<div id="root"></div><template id="prerender"><a href="#main">Skip to content</a><main id="main" tabindex="-1"><h1>Welcome to Social</h1></main></template>
    <script type="application/json" id="boot-assets">${JSON.stringify(ASSETS)}</script>`;
}

const headTags = () =>
  [...document.head.children].map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute('rel') ?? element.getAttribute('type')} ${element.getAttribute('href') ?? element.getAttribute('src')}`);

const LOADED = ['link modulepreload ./assets/core-a.js', 'link modulepreload ./assets/en-b.js', 'script module ./assets/index-c.js'];

/** What the loader asked `fetch` for, answered by `answer` (config.json: `config`). */
let fetched: Array<{ url: string; init: RequestInit }> = [];
let config: unknown = { apiBaseUrl: 'http://api.example/', mocks: false };
const CONFIG_URL = new URL('config.json', document.baseURI).href;
const post = (id: number) => ({ error: false, post: { id: String(id), content: `post ${id}`, lock: false, nsfw: false, user_id: 'u-1', created_at: '2026-01-01T00:00:00Z' } });

const signedOut: BootState = { hash: '', token: null, blogDismissed: null, languagePreference: null, browserLanguages: ['en-GB'], online: true, knownHead: null };

describe('the inline boot loader', () => {
  beforeEach(() => {
    page();
    // Fake: a test's boot() leaves its load for the next frame and a 250 ms fallback; with real timers
    // those fired into the next test, adding the app's tags to its page a second time.
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => window.setTimeout(() => callback(0), 0));
    fetched = [];
    config = { apiBaseUrl: 'http://api.example/', mocks: false };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        fetched.push({ url, init });
        const id = /\/v2\/post\/(\d+)$/.exec(url)?.[1];
        return Promise.resolve(id ? Response.json(post(Number(id))) : new Response(typeof config == 'string' ? config : JSON.stringify(config)));
      }),
    );
  });
  afterEach(async () => {
    // What a test's boot() started (config.json's answer read, the probes sent) ends here, on its stub.
    await vi.advanceTimersByTimeAsync(10);
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', window.location.pathname);
    delete (window as unknown as Record<string, unknown>)[BOOT_FETCHES];
    tokenStore.signOut();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows the prerendered home to a signed-out English visitor and asks for the app after that paint', async () => {
    boot(window);
    expect(document.querySelector('#root h1')?.textContent).toBe('Welcome to Social');
    expect(document.documentElement.hasAttribute('data-prerendered')).toBe(true);
    expect(headTags()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(headTags()).toEqual(LOADED);
  });

  it('placed in <head>, shows the template once the document has been parsed', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    boot(window);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.querySelector('#root h1')?.textContent).toBe('Welcome to Social');
  });

  it('asks for the app at once, showing nothing, when the tab is signed in (the key the token store writes)', () => {
    tokenStore.signIn('tok-ada-lovelace');
    boot(window);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    expect(document.documentElement.hasAttribute('data-prerendered')).toBe(false);
    expect(headTags()).toEqual(LOADED);
  });

  it('asks for the app at once on another page', () => {
    expect(prerenderFits({ ...signedOut, hash: '#/settings' })).toBe(false);
    expect(prerenderFits({ ...signedOut, hash: '#/post/3' })).toBe(false);
    for (const hash of ['', '#', '#/']) expect(prerenderFits({ ...signedOut, hash })).toBe(true);
    expect(prerenderFits({ ...signedOut, online: false })).toBe(false);
    expect(prerenderFits({ ...signedOut, blogDismissed: '123:Draft 4' })).toBe(false);
  });

  it('chooses English exactly when the app will (stored choice first, then the browser’s languages)', async () => {
    const cases: Array<[string | null, string[]]> = [
      [null, ['en-GB']],
      [null, ['pl-PL', 'en']],
      [null, ['de-DE', 'pl']],
      [null, ['de-DE']],
      [null, ['AR']],
      ['en', ['pl-PL']],
      ['pl', ['en-GB']],
      ['ar', ['en']],
      ['klingon', ['pl']],
    ];
    for (const [stored, languages] of cases) {
      localStorage.clear();
      if (stored === 'klingon') localStorage.setItem(STORAGE_KEYS.language, stored);
      else if (stored) await setLanguagePreference(stored as 'en' | 'pl' | 'ar');
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      const state = { ...signedOut, languagePreference: localStorage.getItem(STORAGE_KEYS.language), browserLanguages: languages };
      expect(prerenderFits(state), `${stored} / ${languages.join(',')}`).toBe(resolveLocale() === 'en');
    }
    await setLanguagePreference('auto');
  });

  it('asks for the app at once when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    boot(window);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    expect(headTags()).toEqual(LOADED);
  });

  it('asks for the app at once in a hidden tab, which paints nothing', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    boot(window);
    expect(document.querySelector('#root h1')?.textContent).toBe('Welcome to Social');
    expect(headTags()).toEqual(LOADED);
  });

  it('moves focus to the content from the prerendered skip link, as the app does, instead of going to "#main"', () => {
    boot(window);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.getElementById('main'));
    expect(window.location.hash).toBe('');
  });

  describe('what it fetches for the app', () => {
    const probeUrls = (base: string) => FIRST_VISIT_PROBES.map((id) => `${base}/v2/post/${id}`);
    /** Every request the loader made, once config.json's answer has been read and acted on. */
    async function requestsAfterConfig() {
      await vi.waitFor(() => expect(fetched.length).toBeGreaterThan(0));
      await vi.advanceTimersByTimeAsync(10);
      return fetched.map((request) => request.url);
    }

    it('config.json, left for the app to take once (src/lib/config.ts)', async () => {
      boot(window);
      expect(await requestsAfterConfig()).toEqual([CONFIG_URL]);
      expect(fetched[0]!.init.cache).toBe('no-store');
      const taken = takeBootFetch(CONFIG_URL);
      expect(await (await taken!.response).json()).toEqual(config);
      expect(takeBootFetch(CONFIG_URL)).toBeUndefined();
    });

    it('on a signed-in first visit to the feed, the first probes to an API on another origin, with the token, which the transport takes', async () => {
      tokenStore.signIn('tok-ada-lovelace');
      boot(window);
      expect(await requestsAfterConfig()).toEqual([CONFIG_URL, ...probeUrls('http://api.example')]);
      for (const { init } of fetched.slice(1)) expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-ada-lovelace');

      const sent: string[] = [];
      const transport = createTransport({
        baseUrl: 'http://api.example/',
        getToken: () => 'tok-ada-lovelace',
        fetch: (url) => {
          sent.push(String(url));
          return Promise.resolve(Response.json(post(3)));
        },
      });
      expect((await getPost(transport, '64')).content).toBe('post 64');
      expect(sent).toEqual([]);
      // Taken once: asked again, it is sent.
      await getPost(transport, '64');
      expect(sent).toEqual(['http://api.example/v2/post/64']);
    });

    it('not with another token: that request is sent as usual', async () => {
      tokenStore.signIn('tok-ada-lovelace');
      boot(window);
      await requestsAfterConfig();
      expect(takeBootFetch('http://api.example/v2/post/1', 'tok-grace-hopper')).toBeUndefined();
      expect(takeBootFetch('http://api.example/v2/post/1')).toBeUndefined();
      expect(takeBootFetch('http://api.example/v2/post/1', 'tok-ada-lovelace')).toBeDefined();
    });

    it('drops what the app has not taken within a minute', async () => {
      tokenStore.signIn('tok-ada-lovelace');
      boot(window);
      await requestsAfterConfig();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(takeBootFetch(CONFIG_URL)).toBeUndefined();
      expect(takeBootFetch('http://api.example/v2/post/1', 'tok-ada-lovelace')).toBeUndefined();
    });

    const noProbes: Array<[string, () => void]> = [
      ['signed out', () => tokenStore.signOut()],
      ['a post already seen in this browser (a return visit)', () => localStorage.setItem(STORAGE_KEYS.knownHead, '75')],
      ['another page', () => window.history.replaceState(null, '', '#/settings')],
      ['the API behind this origin (a path)', () => (config = { apiBaseUrl: '.', mocks: false })],
      ['the API behind this origin (its full address)', () => (config = { apiBaseUrl: `${window.location.origin}/api`, mocks: false })],
      ['the mock backend', () => (config = { apiBaseUrl: 'http://api.example', mocks: true })],
      ['an address the app refuses (another host without a scheme)', () => (config = { apiBaseUrl: '//api.example', mocks: false })],
      ['an address the app refuses (not http)', () => (config = { apiBaseUrl: 'javascript:alert(1)', mocks: false })],
      ['config.json not JSON', () => (config = 'apiBaseUrl: http://api.example')],
    ];
    for (const [when, arrange] of noProbes) {
      it(`no probes: ${when}`, async () => {
        tokenStore.signIn('tok-ada-lovelace');
        arrange();
        boot(window);
        expect(await requestsAfterConfig()).toEqual([CONFIG_URL]);
      });
    }
  });
});
