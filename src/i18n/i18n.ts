/**
 * The interface's language: one Lingui instance, catalogs compiled at build time (English in the
 * first load's code, every other language a chunk loaded when chosen), `<html lang dir>` kept in step. Components translate with `useT()`;
 * code outside React with `t()`.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { safeStorage } from '../lib/safe-storage';
import { DEFAULT_LOCALE, directionOf, isLocale, matchLocale, type Locale } from './locales';
import type { MessageKey, MessageValues } from './message-key';
import { messages as englishMessages } from 'virtual:i18n-catalog/en';

export const i18n = setupI18n();

// English ships in the first load's own code (most readers read it): as a chunk of its own it cost
// a request beside the app's code that the first paint waited for. The others load when chosen;
// a reader in one of them downloads English too (about 4 KB gzip).
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => Promise.resolve({ messages: englishMessages }),
  ar: () => import('virtual:i18n-catalog/ar'),
  pl: () => import('virtual:i18n-catalog/pl'),
};

export function t(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

let latestRequest = 0;

/** Loads a language's catalog (once) and switches to it; the last call wins when several overlap. */
export async function activateLocale(locale: Locale): Promise<void> {
  const request = ++latestRequest;
  const { messages } = await loaders[locale]();
  if (request !== latestRequest) return;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
}

// --- The person's choice: a language, or "auto" (follow the browser). Kept on this device. ---

export type LanguagePreference = Locale | 'auto';
const PREFERENCE_KEY = 'social.language';
const storage = safeStorage('local');

export function readLanguagePreference(): LanguagePreference {
  const stored = storage.get(PREFERENCE_KEY);
  return isLocale(stored) ? stored : 'auto';
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function resolveLocale(preference: LanguagePreference = readLanguagePreference()): Locale {
  return preference === 'auto' ? matchLocale(browserLanguages()) : preference;
}

export async function setLanguagePreference(preference: LanguagePreference): Promise<void> {
  if (preference === 'auto') storage.remove(PREFERENCE_KEY);
  else storage.set(PREFERENCE_KEY, preference);
  await activateLocale(resolveLocale(preference));
}

/** With "auto", a change of the browser's languages applies at once. */
export function followBrowserLanguage(): () => void {
  const onChange = () => {
    if (readLanguagePreference() === 'auto') void activateLocale(resolveLocale('auto'));
  };
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}
