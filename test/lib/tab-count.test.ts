import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOTTED_ICON, showTabCount } from '../../src/lib/tab-count';

const PLAIN_ICON = './favicon.svg';
let icon: HTMLLinkElement;

/** A MutationObserver's callback runs in a microtask. */
const observed = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  document.title = 'Social';
  icon = document.createElement('link');
  icon.rel = 'icon';
  icon.setAttribute('href', PLAIN_ICON);
  document.head.append(icon);
});

afterEach(() => {
  showTabCount(0, 'en');
  icon.remove();
  document.title = '';
  vi.unstubAllGlobals();
});

describe('the count in the tab', () => {
  it('starts the title with "(N) " while N > 0, with a dot on the icon, and takes both away at 0', () => {
    showTabCount(2, 'en');
    expect(document.title).toBe('(2) Social');
    expect(icon.getAttribute('href')).toBe(DOTTED_ICON);
    showTabCount(1, 'en');
    expect(document.title).toBe('(1) Social');
    showTabCount(0, 'en');
    expect(document.title).toBe('Social');
    expect(icon.getAttribute('href')).toBe(PLAIN_ICON);
  });

  it('keeps the prefix on whatever title a page sets, and on a title put back with an old count in it', async () => {
    showTabCount(3, 'en');
    document.title = 'Settings · Social';
    await observed();
    expect(document.title).toBe('(3) Settings · Social');
    showTabCount(1, 'en');
    // A page going away puts back the title it found (lib/use-document-title.ts), count and all.
    document.title = '(3) Social';
    await observed();
    expect(document.title).toBe('(1) Social');
  });

  it('writes the number in the language’s digits', () => {
    showTabCount(12, 'ar');
    expect(document.title).toBe(`(${new Intl.NumberFormat('ar').format(12)}) Social`);
    showTabCount(12, 'pl');
    expect(document.title).toBe('(12) Social');
  });

  it('sets the installed app’s badge where the browser has one, and clears it at 0', () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.reject(new Error('not installed')));
    vi.stubGlobal('navigator', { ...navigator, setAppBadge, clearAppBadge });
    showTabCount(2, 'en');
    showTabCount(2, 'en');
    expect(setAppBadge.mock.calls).toEqual([[2]]);
    showTabCount(0, 'en');
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });
});
