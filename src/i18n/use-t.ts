import { useLingui } from '@lingui/react';
import { currentLocale } from './i18n';
import type { Locale } from './locales';
import type { MessageKey, MessageValues } from './message-key';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The translate function; a component that calls it re-renders when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return _ as Translate;
}

/** The active language, for Intl formatters; re-renders on a change like useT. */
export function useLocale(): Locale {
  useLingui();
  return currentLocale();
}
