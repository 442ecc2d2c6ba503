// @vitest-environment node
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it, vi } from 'vitest';
import { createCatalog, type Messages } from '../../src/i18n/messages';

/** Messages compiled as build/i18n-plugin.ts compiles them. */
const compiled = (messages: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));

const NEW_POSTS = '{count, plural, =0 {nothing new} one {# new post} other {# new posts}}';

describe('the catalog: compiled messages with their values put in', () => {
  it('puts in names, picks exact cases before the language’s plural rule, and writes # as the number', () => {
    const catalog = createCatalog();
    catalog.loadAndActivate({ locale: 'en', messages: compiled({ greet: 'Hello, {name}!', newPosts: NEW_POSTS, plain: 'Just text' }) });
    expect(catalog._('greet', { name: 'Ada' })).toBe('Hello, Ada!');
    expect(catalog._('plain')).toBe('Just text');
    expect([0, 1, 2, 1234].map((count) => catalog._('newPosts', { count }))).toEqual(['nothing new', '1 new post', '2 new posts', '1,234 new posts']);
  });

  it('follows each language’s plural rules (Polish few/many, Arabic zero/two/few/many) and number forms', () => {
    const catalog = createCatalog();
    catalog.loadAndActivate({
      locale: 'pl',
      messages: compiled({ n: '{count, plural, one {# wpis} few {# wpisy} many {# wpisów} other {# wpisu}}' }),
    });
    expect([1, 3, 5, 22, 25].map((count) => catalog._('n', { count }))).toEqual(['1 wpis', '3 wpisy', '5 wpisów', '22 wpisy', '25 wpisów']);
    catalog.loadAndActivate({
      locale: 'ar',
      messages: compiled({ n: '{count, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {# أخرى}}' }),
    });
    // The digits are the language's as this engine's Intl writes them (Lingui's runtime wrote them so too).
    const ar = new Intl.NumberFormat('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => catalog._('n', { count }))).toEqual(['لا شيء', 'واحد', 'اثنان', `${ar.format(3)} قليلة`, `${ar.format(11)} كثيرة`, `${ar.format(100)} أخرى`]);
  });

  it('select picks the case named by the value, else other (an inherited name is not a case)', () => {
    const catalog = createCatalog();
    catalog.loadAndActivate({ locale: 'en', messages: compiled({ s: '{kind, select, post {a post} reply {a reply by {name}} other {something}}' }) });
    expect(catalog._('s', { kind: 'reply', name: 'Bram' })).toBe('a reply by Bram');
    expect(catalog._('s', { kind: 'post' })).toBe('a post');
    expect(['__proto__', 'constructor', 'toString', undefined].map((kind) => catalog._('s', { kind }))).toEqual(['something', 'something', 'something', 'something']);
  });

  it('an ordinal picks by the ordinal rule, and a plural with an offset counts from it', () => {
    const catalog = createCatalog();
    catalog.loadAndActivate({
      locale: 'en',
      messages: compiled({
        place: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
        others: '{count, plural, offset:1 =1 {you} one {you and # other} other {you and # others}}',
      }),
    });
    expect([1, 2, 3, 4, 11, 22].map((n) => catalog._('place', { n }))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
    expect([1, 2, 3].map((count) => catalog._('others', { count }))).toEqual(['you', 'you and 1 other', 'you and 2 others']);
  });

  it('a missing message is its id; a missing value is left out', () => {
    const catalog = createCatalog();
    catalog.loadAndActivate({ locale: 'en', messages: compiled({ greet: 'Hello, {name}!' }) });
    expect(catalog._('feed.nothing')).toBe('feed.nothing');
    expect(catalog._('__proto__')).toBe('__proto__');
    expect(catalog._('greet')).toBe('Hello, !');
  });

  it('later messages join the active language only, and every change is told to the listeners until they leave', () => {
    const catalog = createCatalog();
    const listener = vi.fn();
    const leave = catalog.on('change', listener);
    catalog.loadAndActivate({ locale: 'en', messages: compiled({ a: 'A' }) });
    catalog.load('pl', compiled({ b: 'B po polsku' }));
    expect(catalog._('b')).toBe('b');
    catalog.load('en', compiled({ b: 'B' }));
    expect([catalog.locale, catalog._('a'), catalog._('b')]).toEqual(['en', 'A', 'B']);
    expect(listener).toHaveBeenCalledTimes(2);
    leave();
    catalog.loadAndActivate({ locale: 'pl', messages: compiled({ a: 'A po polsku' }) });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(catalog._('a')).toBe('A po polsku');
  });
});
