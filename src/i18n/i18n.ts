/**
 * The interface's language: one Lingui instance, catalogs loaded per language (each is its own chunk,
 * compiled at build time), `<html lang dir>` kept in step. Components translate with `useT()`;
 * code outside React with `t()`.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { safeStorage } from '../lib/safe-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { DEFAULT_LOCALE, directionOf, isLocale, matchLocale, type Locale } from './locales';
import type { MessageKey, MessageValues } from './message-key';

export const i18n = setupI18n();

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('virtual:i18n-catalog/en'),
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
const PREFERENCE_KEY = STORAGE_KEYS.language;
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
