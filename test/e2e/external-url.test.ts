// The browser tests' guard (support.ts guardContext) stops what EXTERNAL_URL matches: every request
// to another host, and nothing of this machine's, which Playwright then never stops at all.
import { describe, expect, it } from 'vitest';
import { EXTERNAL_URL } from './external-url';

describe('EXTERNAL_URL', () => {
  it.each([
    'https://example.com/',
    'http://evil.example/x.png',
    'wss://stream.example:8443/socket',
    'http://127.0.0.1.evil.example/',
    'http://localhost.evil.example:80/',
    'http://[::2]/',
    'HTTPS://FONTS.GOOGLEAPIS.COM/css',
    'http://user@127.0.0.1@evil.example/',
  ])('matches %s (another host)', (url) => {
    expect(EXTERNAL_URL.test(url)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:4173/apps/social/',
    'http://127.0.0.1/',
    'http://localhost:5173/#/post/1',
    'ws://localhost:5173/',
    'http://[::1]:8080/v2/post/3',
    'http://127.0.0.1?x=1',
    'data:image/png;base64,AAAA',
    'blob:http://127.0.0.1:4173/0d1e',
  ])('leaves %s alone (this machine, or no host)', (url) => {
    expect(EXTERNAL_URL.test(url)).toBe(false);
  });
});
