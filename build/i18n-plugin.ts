import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parseAst, type Plugin } from 'vite';
import { replaceRanges, staticString, walk, type Edit } from './code-edits.ts';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = `\0${PREFIX}`;
/** The folder of a language's later catalog. */
export const LATER = 'later';
/** The catalogs' source language: its files name every key. */
const SOURCE_LOCALE = 'en';
/** The app's own modules, the only ones whose message keys become numbers (forward slashes, as Vite names modules). */
const SRC = fileURLToPath(new URL('../src/', import.meta.url)).replaceAll('\\', '/');
/** Where a build lists the message keys each chunk names (scripts/check-size.mjs reads it). */
const MESSAGE_KEYS_FILE = '.vite/message-keys.json';

/**
 * `import('virtual:i18n-catalog/<locale>')` yields that language's messages, every namespace file of
 * src/i18n/catalogs/<locale>/ merged under "<namespace>.<key>" and compiled ahead of time with Lingui's
 * own compiler, so the browser never ships an ICU parser and each language is a chunk of its own.
 * `import('virtual:i18n-catalog/<locale>/later')` is the same for src/i18n/catalogs/<locale>/later/:
 * the text of pages and parts that load on demand, outside the first screen's JS (src/i18n/i18n.ts).
 *
 * In a build, each key is a number (`messageIds`) in the catalogs and in the app's code alike:
 * `t('feed.loading')` is built as `t(71)`, and the first catalog is a plain list in that order. The
 * keys' characters were 715 B gzip of the feed's first load (issue 37). The dev server and
 * Vitest keep the keys. The second plugin does the code's side (`messageIdsPlugin`).
 */
export function i18nCatalogPlugin(catalogDir = 'src/i18n/catalogs'): Plugin[] {
  let dir = '';
  let ids: ReadonlyMap<string, number> | null = null;
  return [
    {
      name: 'social:i18n-catalogs',
      enforce: 'pre',
      configResolved(config) {
        dir = path.resolve(config.root, catalogDir);
        ids = config.command === 'build' ? messageIds(dir) : null;
      },
      resolveId(id) {
        return id.startsWith(PREFIX) ? `\0${id}` : undefined;
      },
      load(id) {
        if (!id.startsWith(RESOLVED)) return undefined;
        const [locale = '', part, ...rest] = id.slice(RESOLVED.length).split('/');
        if (!/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(locale)) throw new Error(`i18n: bad locale "${locale}"`);
        if (rest.length > 0 || (part !== undefined && part !== LATER)) throw new Error(`i18n: bad catalog "${id.slice(RESOLVED.length)}"`);
        const messages = readCatalog(path.join(dir, locale, ...(part ? [part] : [])), (file) => this.addWatchFile(file));
        const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
        if (!ids) return `export const messages = ${JSON.stringify(compiled)};`;
        const expected = Object.keys(readCatalog(path.join(dir, SOURCE_LOCALE, ...(part ? [part] : []))));
        return `export const messages = ${JSON.stringify(numbered(compiled, ids, expected, id.slice(RESOLVED.length)))};`;
      },
    },
    messageIdsPlugin(() => {
      if (!ids) throw new Error('i18n: the message ids are read when the build starts');
      return ids;
    }),
  ];
}

/**
 * Each key's number in a build: the first catalog's keys (src/i18n/catalogs/en/*.json) from 0, in
 * the order of their names, then the later catalog's. So the first catalog is a list with no gaps,
 * and the first screen's keys are the shortest numbers.
 */
export function messageIds(catalogDir: string): Map<string, number> {
  const keys = [
    ...Object.keys(readCatalog(path.join(catalogDir, SOURCE_LOCALE))).sort(),
    ...Object.keys(readCatalog(path.join(catalogDir, SOURCE_LOCALE, LATER))).sort(),
  ];
  return new Map(keys.map((key, index) => [key, index]));
}

/**
 * A catalog by number: the first catalog as a list in the numbers' order (they run from 0), the later
 * one as an object by number. `expected` is the English catalog's keys for the same part: a key it
 * does not have, or one of them a translation lacks, fails the build (test/i18n/catalogs.test.ts
 * says which).
 */
export function numbered<T>(messages: Readonly<Record<string, T>>, ids: ReadonlyMap<string, number>, expected: readonly string[], name: string): T[] | Record<number, T> {
  const extra = Object.keys(messages).filter((key) => !expected.includes(key));
  const missing = expected.filter((key) => !Object.hasOwn(messages, key));
  if (extra.length) throw new Error(`i18n: the catalog ${name} has ${extra.map((key) => `"${key}"`).join(', ')}, which the English one does not`);
  if (missing.length) throw new Error(`i18n: the catalog ${name} lacks ${missing.map((key) => `"${key}"`).join(', ')}`);
  const entries = expected.map((key): [number, T] => [ids.get(key)!, messages[key]!]).sort(([a], [b]) => a - b);
  return entries[0]?.[0] === 0 ? entries.map(([, message]) => message) : Object.fromEntries(entries);
}

/**
 * Every string in the app's code that is a message key, as the key's number (`messageIds`): after
 * TypeScript and JSX have been compiled, so `<Trans id="post.replyingTo">` is a string like any other.
 * The number is padded with spaces to the string's length, so nothing after it moves and the source
 * map stands. A key put together at run time (`` `status.${state}` ``, `'errors.' + kind`) would have
 * no number: the build refuses it. Each chunk's keys go to `.vite/message-keys.json`, for the check
 * that no first screen names the later catalog's text (scripts/check-size.mjs).
 */
export function messageIdsPlugin(getIds: () => ReadonlyMap<string, number>): Plugin {
  const keysOf = new Map<string, string[]>();
  let lookup: { ids: ReadonlyMap<string, number>; namespaces: ReadonlySet<string>; keyLike: RegExp } | null = null;
  return {
    name: 'social:message-ids',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(SRC) || !/\.[cm]?[jt]sx?$/.test(id)) return null;
      if (!lookup) {
        const ids = getIds();
        const namespaces = new Set([...ids.keys()].map((key) => key.slice(0, key.indexOf('.'))));
        // A string of code that may name a message key: a quote, then a namespace and its dot.
        lookup = { ids, namespaces, keyLike: new RegExp(`["'\`](${[...namespaces].join('|')})\\.`) };
      }
      const { ids, namespaces, keyLike } = lookup;
      if (!keyLike.test(code)) return null;
      /** Whether `text` begins with a namespace and its dot: what begins a key. */
      const inNamespace = (text: string) => /^\w+\./.test(text) && namespaces.has(text.slice(0, text.indexOf('.')));
      const found: Array<Edit & { key: string }> = [];
      walk(parseAst(code, { lang: 'js' }), (node) => {
        const text = staticString(node);
        if (text !== undefined && ids.has(text)) {
          found.push({ start: node.start, end: node.end, key: text, text: String(ids.get(text)).padEnd(node.end - node.start) });
        } else if (node.type === 'Literal' && typeof node.value === 'string' && /^\w+\.$/.test(node.value) && inNamespace(node.value)) {
          this.error(`${id}: "${node.value}" begins a message key put together at run time; name the whole key (a map of kinds to keys)`);
        } else if (node.type === 'TemplateLiteral' && text === undefined) {
          const head = (node.quasis as Array<{ value: { cooked: string | null } }>)[0]?.value.cooked;
          if (head && inNamespace(head)) this.error(`${id}: \`${head}\${…}\` is a message key put together at run time; name the whole key (a map of kinds to keys)`);
        }
      });
      keysOf.set(id, [...new Set(found.map(({ key }) => key))]);
      // Each number padded to its string's length: nothing moved, so the chain's source map holds as it is.
      return found.length ? { code: replaceRanges(code, found), map: null } : null;
    },
    generateBundle(_options, bundle) {
      const perChunk: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const keys = chunk.moduleIds.filter((module) => chunk.modules[module]?.renderedLength).flatMap((module) => keysOf.get(module) ?? []);
        if (keys.length) perChunk[chunk.fileName] = [...new Set(keys)].sort();
      }
      this.emitFile({ type: 'asset', fileName: MESSAGE_KEYS_FILE, source: `${JSON.stringify(perChunk, null, 2)}\n` });
    },
  };
}

/** One language's namespace files merged into { "namespace.key": "ICU message" }. Also used by the tests. */
export function readCatalog(localeDir: string, onFile: (file: string) => void = () => {}): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const name of readdirSync(localeDir).filter((f) => f.endsWith('.json')).sort()) {
    const file = path.join(localeDir, name);
    onFile(file);
    const namespace = name.slice(0, -'.json'.length);
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`i18n: ${file} is not an object`);
    for (const [key, message] of Object.entries(data)) {
      if (typeof message !== 'string') throw new Error(`i18n: ${file}: "${key}" is not a string`);
      messages[`${namespace}.${key}`] = message;
    }
  }
  return messages;
}
