/** loadConfig in a page (jsdom): what it reads, and from where. */
import { describe, expect, it } from 'vitest';
import { BOOT_FETCHES, type BootFetches } from '../../src/lib/boot-fetches';
import { loadConfig } from '../../src/lib/config';

const config = (apiBaseUrl: string) => ({ apiBaseUrl, mocks: false });

describe('loadConfig: the request index.html’s loader sent', () => {
  it('is taken instead of fetching config.json again, once', async () => {
    const url = new URL('config.json', document.baseURI).href;
    const holder = globalThis as { [BOOT_FETCHES]?: BootFetches };
    holder[BOOT_FETCHES] = new Map([
      [url, { response: Promise.resolve(Response.json(config('https://api.example.com'))), controller: new AbortController() }],
    ]);
    const fetched: string[] = [];
    const fetchAgain = (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return Promise.resolve(Response.json(config('https://other.example.com')));
    };
    try {
      expect((await loadConfig({ isDev: false, url, fetch: fetchAgain, build: 'b' })).apiBaseUrl).toBe('https://api.example.com');
      expect(fetched).toEqual([]);
      expect((await loadConfig({ isDev: false, url, fetch: fetchAgain, build: 'b' })).apiBaseUrl).toBe('https://other.example.com');
      expect(fetched).toEqual([url]);
    } finally {
      delete holder[BOOT_FETCHES];
    }
  });
});
