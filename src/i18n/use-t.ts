import { useCallback, useSyncExternalStore } from 'react';
import { currentLocale, i18n, t } from './i18n';
import type { Locale } from './locales';
import type { MessageKey, MessageValues } from './message-key';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * The active language; a component that calls it re-renders when the language changes. Lingui's
 * own React binding does the same through a context provider; this is its 20 lines, ~1 KB gzip
 * less in the feed's initial JS.
 */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** The translate function: a new one when the language changes (so memoised children update too). */
export function useT(): Translate {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` is the reason for a new function
  return useCallback<Translate>((key, values) => t(key, values), [locale]);
}
