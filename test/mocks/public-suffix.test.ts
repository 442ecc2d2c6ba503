// @vitest-environment node
// The in-browser mock's stand-in for tldts (src/mocks/public-suffix.ts): the Public Suffix List's
// default rule. The answers expected are tldts 7.5's with the whole list wherever a host's suffix is
// one label; the last test shows what leaving the list out changes.
import { describe, expect, it } from 'vitest';
import { getDomain } from '../../src/mocks/public-suffix';

describe('getDomain by the default rule', () => {
  it.each([
    ['example.com', 'example.com'],
    ['a.b.example.com', 'example.com'],
    ['EXAMPLE.com.', 'example.com'],
    ['design.example.org', 'example.org'],
  ])('%s: %s, as the list gives', (host, domain) => {
    expect(getDomain(host)).toBe(domain);
  });

  it.each(['127.0.0.1', '::1', '[::1]', 'localhost', '', null, undefined, 'a..b'])('%s: none (an address, a single label, nothing)', (host) => {
    expect(getDomain(host)).toBeNull();
  });

  it('a suffix of two labels on the list is taken as one label: github.io, where the list names someone.github.io', () => {
    expect(getDomain('someone.github.io')).toBe('github.io');
    expect(getDomain('shop.example.co.uk')).toBe('co.uk');
  });
});
