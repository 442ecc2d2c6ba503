// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { postLink } from '../../src/lib/post-link';

describe('postLink', () => {
  it('is the page’s address without its # part, then the thread’s hash route', () => {
    expect(postLink('12', 'https://example.com/#/')).toBe('https://example.com/#/post/12');
    expect(postLink('12', 'https://example.com/apps/social/?scenario=hostile#/user/u-1')).toBe(
      'https://example.com/apps/social/?scenario=hostile#/post/12',
    );
    expect(postLink('7', 'http://127.0.0.1:4173/index.html')).toBe('http://127.0.0.1:4173/index.html#/post/7');
  });
});
