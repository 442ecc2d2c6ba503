import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, prerenderFits, type BootState } from '../../src/app/boot-loader';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { tokenStore } from '../../src/entities/account/token-store';
import { resolveLocale, setLanguagePreference } from '../../src/i18n/i18n';

const ASSETS = { modules: ['./assets/core-a.js', './assets/en-b.js'], fetches: ['./config.json'], entry: './assets/index-c.js' };

function page() {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-prerendered');
  document.body.innerHTML = `<div id="root"></div><template id="prerender"><a href="#main">Skip to content</a><main id="main" tabindex="-1"><h1>Welcome to Social</h1></main></template>
    <script type="application/json" id="boot-assets">${JSON.stringify(ASSETS)}</script>`;
}

const headTags = () =>
  [...document.head.children].map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute('rel') ?? element.getAttribute('type')} ${element.getAttribute('href') ?? element.getAttribute('src')}`);

const LOADED = ['link preload ./config.json', 'link modulepreload ./assets/core-a.js', 'link modulepreload ./assets/en-b.js', 'script module ./assets/index-c.js'];

const signedOut: BootState = { hash: '', token: null, blogDismissed: null, languagePreference: null, browserLanguages: ['en-GB'], online: true };

describe('the inline boot loader', () => {
  beforeEach(() => {
    page();
    // Fake: a test's boot() leaves its load for the next frame and a 250 ms fallback; with real timers
    // those fired into the next test, adding the app's tags to its page a second time.
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => window.setTimeout(() => callback(0), 0));
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
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
});
