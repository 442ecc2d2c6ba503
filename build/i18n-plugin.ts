import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = `\0${PREFIX}`;
/** The folder of a language's later catalog. */
export const LATER = 'later';

/**
 * `import('virtual:i18n-catalog/<locale>')` yields that language's messages, every namespace file of
 * src/i18n/catalogs/<locale>/ merged under "<namespace>.<key>" and compiled ahead of time with Lingui's
 * own compiler, so the browser never ships an ICU parser and each language is a chunk of its own.
 * `import('virtual:i18n-catalog/<locale>/later')` is the same for src/i18n/catalogs/<locale>/later/:
 * the text of pages and parts that load on demand, outside the first screen's JS (src/i18n/i18n.ts).
 */
export function i18nCatalogPlugin(catalogDir = 'src/i18n/catalogs'): Plugin {
  let dir = '';
  return {
    name: 'social:i18n-catalogs',
    enforce: 'pre',
    configResolved(config) {
      dir = path.resolve(config.root, catalogDir);
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
      return `export const messages = ${JSON.stringify(compiled)};`;
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
