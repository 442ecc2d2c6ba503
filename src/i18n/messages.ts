/**
 * The runtime of the interface's text: the active language's messages, and a message with its values
 * put in. Messages are compiled at build time by Lingui's compiler (build/i18n-plugin.ts), so what
 * runs here is only the walk over the compiled tokens: text, `{name}`, and `plural` / `select` /
 * `selectordinal` with `#` for the number. Lingui's own runtime (@lingui/core) did the same and more
 * (date and number formats, escape sequences, message descriptors, events) the catalogs never use;
 * this is its part that runs, 2 KB gzip less in every first load (issue 37).
 */

/** A compiled message: its text, or a list of tokens. */
export type CompiledMessage = string | readonly Token[];
type Cases = Readonly<Record<string, CompiledMessage | number | undefined>> & { offset?: number };
type Token = string | readonly [name: string, type?: string, format?: unknown];
export type Messages = Readonly<Record<string, CompiledMessage>>;
export type MessageValues = Readonly<Record<string, unknown>>;

/** `#` in a plural's case, as the compiler leaves it. */
const OCTOTHORPE = '#';

export interface Catalog {
  readonly locale: string;
  /** Replaces the messages and the language; tells the listeners. */
  loadAndActivate(options: { locale: string; messages: Messages }): void;
  /** Adds `messages` to the active language's (nothing when `locale` is not it); tells the listeners. */
  load(locale: string, messages: Messages): void;
  /** Calls `listener` on every change of language or messages; returns the unsubscribe. */
  on(event: 'change', listener: () => void): () => void;
  /** The message `id` with `values` put in; the id itself when there is no such message. */
  _(id: string, values?: MessageValues): string;
}

export function createCatalog(): Catalog {
  let locale = '';
  let messages: Messages = {};
  const listeners = new Set<() => void>();
  const plurals = new Map<string, Intl.PluralRules>();
  let numbers: Intl.NumberFormat | null = null;
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  function pluralRules(type: 'cardinal' | 'ordinal'): Intl.PluralRules {
    const key = `${locale}:${type}`;
    let rules = plurals.get(key);
    if (!rules) plurals.set(key, (rules = new Intl.PluralRules(locale || undefined, { type })));
    return rules;
  }

  function format(message: CompiledMessage | number | undefined, values: MessageValues, count: number | null): string {
    if (message === undefined) return '';
    if (!Array.isArray(message)) return `${message as string | number}`;
    let text = '';
    for (const token of message as readonly Token[]) {
      if (typeof token === 'string') {
        text += token === OCTOTHORPE && count !== null ? (numbers ??= new Intl.NumberFormat(locale || undefined)).format(count) : token;
        continue;
      }
      const [name, type, options] = token;
      // The compiler's cases of a plural or select (other types' formats are never in a catalog).
      const cases = options as Cases | undefined;
      // Own keys only: a value of "__proto__" or "constructor" picks `other`, not Object's.
      const caseOf = (key: string) => (cases && Object.hasOwn(cases, key) ? cases[key] : undefined);
      const value = values[name];
      if (type === 'plural' || type === 'selectordinal') {
        const offset = cases?.offset ?? 0;
        const n = Number(value);
        const chosen = caseOf(String(value)) ?? caseOf(pluralRules(type === 'plural' ? 'cardinal' : 'ordinal').select(n - offset)) ?? caseOf('other');
        text += format(chosen, values, n - offset);
      } else if (type === 'select') {
        text += format(caseOf(String(value)) ?? caseOf('other'), values, count);
      } else if (value !== undefined && value !== null) {
        text += `${value as string | number}`;
      }
    }
    return text;
  }

  return {
    get locale() {
      return locale;
    },
    loadAndActivate(next) {
      if (next.locale !== locale) numbers = null;
      locale = next.locale;
      messages = next.messages;
      changed();
    },
    load(forLocale, more) {
      if (forLocale !== locale) return;
      messages = { ...messages, ...more };
      changed();
    },
    on(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    _(id, values = {}) {
      const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
      return message === undefined ? id : format(message, values, null);
    },
  };
}
