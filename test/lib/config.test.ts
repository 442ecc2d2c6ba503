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

describe('parseConfig: what is wrong, named', () => {
  const failure = (json: unknown): ConfigError => {
    try {
      parseConfig(json, PAGE);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('no ConfigError');
  };

  it('an empty apiBaseUrl', () => {
    expect(failure({ apiBaseUrl: '', mocks: false })).toMatchObject({ key: 'config.empty', values: { where: 'apiBaseUrl' } });
  });

  it.each<[string, unknown, string, string]>([
    ['mocks as a string', { apiBaseUrl: '.', mocks: 'yes' }, 'mocks', 'boolean'],
    ['mocks left out', { apiBaseUrl: '.' }, 'mocks', 'boolean'],
    ['apiBaseUrl as a number', { apiBaseUrl: 5, mocks: false }, 'apiBaseUrl', 'string'],
    ['tokenApplicationUrl as a number', { apiBaseUrl: '.', mocks: false, tokenApplicationUrl: 5 }, 'tokenApplicationUrl', 'string or null'],
  ])('%s: where, and what was expected', (_what, json, where, type) => {
    expect(failure(json)).toMatchObject({ key: 'config.wrongType', values: { where, type } });
  });
});
