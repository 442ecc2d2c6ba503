// @vitest-environment node
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LATER, readCatalog } from '../../build/i18n-plugin';
import { LOCALES } from '../../src/i18n/locales';

const DIR = path.resolve(__dirname, '../../src/i18n/catalogs');
// The first catalog and the later one (src/i18n/i18n.ts), together: one language's whole text.
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, { ...readCatalog(path.join(DIR, locale)), ...readCatalog(path.join(DIR, locale, LATER)) }]),
);
const english = catalogs.en!;

/** A compiled message is a list of segments: text (a string) or an argument [name, type?, options?]. */
type Segment = string | [string, string?, Record<string, unknown>?];

function walkMessage(message: string, onText: (text: string) => void, onArgument: (argument: Exclude<Segment, string>) => void) {
  const walk = (segments: unknown): void => {
    if (typeof segments === 'string') return onText(segments);
    if (!Array.isArray(segments)) return;
    for (const segment of segments as Segment[]) {
      if (typeof segment === 'string') onText(segment);
      else {
        onArgument(segment);
        Object.values(segment[2] ?? {}).forEach(walk);
      }
    }
  };
  walk(compileMessage(message));
}

/** Argument names ("name", "count:plural") and markup tags ("<0>") a message uses, sorted. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  walkMessage(
    message,
    (text) => {
      for (const tag of text.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
    },
    ([name, type]) => found.add(type ? `${name}:${type}` : name),
  );
  return [...found].sort();
}

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** For each plural argument, the categories its branches list (exact "=0" branches aside). */
function pluralCategories(message: string): string[][] {
  const lists: string[][] = [];
  walkMessage(
    message,
    () => {},
    ([, type, options]) => {
      if (type === 'plural' && options) lists.push(Object.keys(options).filter((key) => CATEGORIES.has(key)));
    },
  );
  return lists;
}

/** Text left with a brace after compiling means the ICU syntax was broken. */
function hasStrayBrace(message: string): boolean {
  let stray = false;
  walkMessage(message, (text) => (stray ||= /[{}]/.test(text)), () => {});
  return stray;
}

describe('message catalogs', () => {
  it('every language has the same namespace files as English', () => {
    const files = (locale: string) => [
      ...readdirSync(path.join(DIR, locale)),
      ...readdirSync(path.join(DIR, locale, LATER)).map((name) => `${LATER}/${name}`),
    ].sort();
    for (const locale of LOCALES) expect(files(locale), locale).toEqual(files('en'));
  });

  it('no namespace is in both the first and the later catalog', () => {
    for (const locale of LOCALES) {
      const first = readdirSync(path.join(DIR, locale)).filter((name) => name.endsWith('.json'));
      const later = readdirSync(path.join(DIR, locale, LATER));
      expect(first.filter((name) => later.includes(name)), locale).toEqual([]);
    }
  });

  it('English has messages', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: no key missing and none extra`, () => {
      const catalog = catalogs[locale]!;
      expect(Object.keys(english).filter((key) => !(key in catalog)), 'missing').toEqual([]);
      expect(Object.keys(catalog).filter((key) => !(key in english)), 'not in English').toEqual([]);
    });

    it(`${locale}: the same placeholders and markup as English in every message`, () => {
      const catalog = catalogs[locale]!;
      const differing = Object.keys(english)
        .filter((key) => key in catalog)
        .filter((key) => placeholders(english[key]!).join() !== placeholders(catalog[key]!).join())
        .map((key) => `${key}: en ${placeholders(english[key]!).join(' ')} / ${locale} ${placeholders(catalog[key]!).join(' ')}`);
      expect(differing).toEqual([]);
    });

    it(`${locale}: every plural lists the categories the language needs`, () => {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const lacking = Object.entries(catalogs[locale]!).flatMap(([key, message]) =>
        pluralCategories(message)
          .map((listed) => needed.filter((category) => !listed.includes(category)))
          .filter((missing) => missing.length > 0)
          .map((missing) => `${key}: ${missing.join(', ')}`),
      );
      expect(lacking).toEqual([]);
    });
  }

  for (const locale of LOCALES) {
    it(`${locale}: every message is valid ICU (no stray braces after compiling)`, () => {
      const broken = Object.entries(catalogs[locale]!)
        .filter(([, message]) => hasStrayBrace(message))
        .map(([key]) => key);
      expect(broken).toEqual([]);
    });
  }
});

describe('the checks themselves', () => {
  it('see arguments, plurals and markup', () => {
    expect(placeholders('{count, plural, one {# reply by {name}} other {# replies}} <0>x</0>')).toEqual(['<0>', 'count:plural', 'name']);
    expect(placeholders('plain')).toEqual([]);
    expect(pluralCategories('{n, plural, =0 {none} one {#} other {#}}')).toEqual([['one', 'other']]);
    expect(hasStrayBrace('bad {')).toBe(true);
    expect(hasStrayBrace('{n, plural, one {# reply} other {# replies}}')).toBe(false);
  });
});
