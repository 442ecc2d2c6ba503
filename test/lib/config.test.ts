// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config';

const PAGE = 'https://app.example.com/apps/social/';
const config = (apiBaseUrl: string) => ({ apiBaseUrl, mocks: false });

describe('parseConfig: apiBaseUrl', () => {
  it.each(['https://api.example.com', 'http://127.0.0.1:8787', '.', './api', '/v2-proxy', 'api'])('accepts %s', (value) => {
    expect(parseConfig(config(value), PAGE).apiBaseUrl).toBe(value);
  });

  // Each of these resolves to another host in the browser, or to no http(s) URL at all.
  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    ' //evil.example',
    '\t//evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    'data:text/plain,x',
    'ftp://files.example.com',
    'https:evil.example',
    'https:/\\evil.example',
  ])('refuses %j', (value) => {
    expect(() => parseConfig(config(value), PAGE)).toThrow(ConfigError);
  });

  it('resolves a relative value against the page it is given', () => {
    expect(() => parseConfig(config('../../other'), PAGE)).not.toThrow();
    expect(() => parseConfig(config('//app.example.com/api'), PAGE)).not.toThrow();
    expect(() => parseConfig(config('//api.example.com'), PAGE)).toThrow(ConfigError);
  });
});
