/**
 * The app's preload helper (build/preload-helper.js), as a lazy chunk's import() uses it in a build:
 * its imports and stylesheets fetched beside it, each once; its stylesheets waited for; a stylesheet
 * that fails rejects the import, and a retry goes ahead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { __vitePreload } from '../../build/preload-helper.js';

const BASE = 'https://app.example/assets/core-x.js';
const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) => link.href);

afterEach(() => {
  document.head.replaceChildren();
});

describe('the preload helper', () => {
  it('loads at once without dependencies', async () => {
    const load = vi.fn(async () => 'module');
    await expect(__vitePreload(load, [], BASE)).resolves.toBe('module');
    await expect(__vitePreload(load, undefined, BASE)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads each import once, relative to the importing chunk, and skips what the page has', async () => {
    const existing = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: 'https://app.example/assets/en.js' });
    document.head.append(existing);
    await __vitePreload(async () => 1, ['./a1.js', './en.js'], BASE);
    await __vitePreload(async () => 2, ['./a1.js', './b2.js'], BASE);
    expect(links('modulepreload')).toEqual([
      'https://app.example/assets/en.js',
      'https://app.example/assets/a1.js',
      'https://app.example/assets/b2.js',
    ]);
  });

  it('waits for a stylesheet before the chunk is imported', async () => {
    const load = vi.fn(async () => 'page');
    const loading = __vitePreload(load, ['./page3.js', './page3.css'], BASE);
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(sheet.href).toBe('https://app.example/assets/page3.css');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    sheet.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe('page');
    // Asked again, the stylesheet is not added twice.
    await __vitePreload(load, ['./page3.css'], BASE);
    expect(links('stylesheet')).toHaveLength(1);
  });

  it('rejects the import when a stylesheet fails, and a retry goes ahead with the page unstyled', async () => {
    const load = vi.fn(async () => 'page');
    const first = __vitePreload(load, ['./page4.css'], BASE);
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Unable to preload CSS for https://app.example/assets/page4.css');
    expect(load).not.toHaveBeenCalled();
    await expect(__vitePreload(load, ['./page4.css'], BASE)).resolves.toBe('page');
    expect(links('stylesheet')).toHaveLength(1);
  });
});
