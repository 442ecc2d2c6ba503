/**
 * The interface's language: one catalog (messages.ts), catalogs loaded per language (each is its own chunk,
 * compiled at build time), `<html lang dir>` kept in step. Components translate with `useT()`;
 * code outside React with `t()`.
 */
import { handleText, isolateName } from '../lib/bidi';
import { safeStorage } from '../lib/safe-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { DEFAULT_LOCALE, directionOf, isLocale, matchLocale, type Locale } from './locales';
import type { MessageKey, MessageValues } from './message-key';
import { createCatalog, type Messages } from './messages';

export const i18n = createCatalog();

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('virtual:i18n-catalog/en'),
  ar: () => import('virtual:i18n-catalog/ar'),
  pl: () => import('virtual:i18n-catalog/pl'),
};

/**
 * The text of what loads on demand (catalogs/<locale>/later/: the thread, profile, composer and
 * settings pages, dialogs, features opened from a menu) is a second chunk per language, outside the
 * first screen's JS. `loadLaterMessages()` brings it in; from then on every language switch includes it.
 */
const laterLoaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('virtual:i18n-catalog/en/later'),
  ar: () => import('virtual:i18n-catalog/ar/later'),
  pl: () => import('virtual:i18n-catalog/pl/later'),
};

/**
 * A message in the active language. Names of people and accounts go in isolated (isolateName; a
 * username without its invisible characters too, as a handle shows it): a bidi control or a
 * right-to-left name cannot reorder the sentence around it. Here, so no message can forget it.
 */
export function t(key: MessageKey, values?: MessageValues): string {
  const v = { ...values };
  if (v.name) v.name = isolateName(`${v.name}`);
  if (v.username) v.username = isolateName(handleText(`${v.username}`));
  return i18n._(key, v);
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

let latestRequest = 0;
/** The language being switched to (or in force): what later text must be loaded for. */
let targetLocale: Locale | null = null;
let laterWanted = false;
/** The language whose active messages include the later text. */
let laterActive: Locale | null = null;
let activation: Promise<void> = Promise.resolve();
const laterMessages = new Map<Locale, Promise<Messages>>();

function laterFor(locale: Locale): Promise<Messages> {
  let pending = laterMessages.get(locale);
  if (!pending) {
    pending = laterLoaders[locale]().then((module) => module.messages);
    // A failed load (offline) is tried again next time.
    pending.catch(() => laterMessages.delete(locale));
    laterMessages.set(locale, pending);
  }
  return pending;
}

async function switchTo(locale: Locale): Promise<void> {
  const request = ++latestRequest;
  targetLocale = locale;
  if (laterWanted) void laterFor(locale).catch(() => undefined);
  const { messages } = await loaders[locale]();
  // Read after the wait: a later load asked for meanwhile is included too.
  const later = laterWanted ? await laterFor(locale).catch(() => null) : null;
  if (request !== latestRequest) return;
  i18n.loadAndActivate({ locale, messages: later ? { ...messages, ...later } : messages });
  laterActive = later ? locale : null;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
}

/** Loads a language's catalog (once) and switches to it; the last call wins when several overlap. */
export function activateLocale(locale: Locale): Promise<void> {
  const switching = switchTo(locale);
  activation = switching.catch(() => undefined);
  return switching;
}

/** Brings in the later text for the language in force (or being switched to); rejects when it cannot be loaded. */
export async function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  const locale = targetLocale ?? currentLocale();
  const later = await laterFor(locale);
  // A switch in flight includes it (laterWanted is set); otherwise add it to the messages in force.
  await activation;
  if (i18n.locale === locale && laterActive !== locale) {
    i18n.load(locale, later);
    laterActive = locale;
  }
}

/**
 * The text of `key` (the later catalog's onDemand namespace: what a first screen shows only on an
 * error or an event), for code that runs on a first screen: null until the later catalog is here, and
 * asked for meanwhile. Its arrival re-renders what renders text (as a change of language does), so
 * each caller says what stands in until then, or shows nothing.
 */
export function laterText(key: MessageKey, values?: MessageValues): string | null {
  const text = t(key, values);
  if (text !== key) return text;
  loadLaterMessages().catch(() => undefined);
  return null;
}

/** `load` once the later text is in too: for code that renders it (a lazy page's import). */
export function withLaterMessages<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadLaterMessages()]).then(([loaded]) => loaded);
}

// --- The person's choice: a language, or "auto" (follow the browser). Kept on this device. ---

export type LanguagePreference = Locale | 'auto';
// Set in the settings (features/settings/language-preference.ts, loaded with them).
export const PREFERENCE_KEY = STORAGE_KEYS.language;
export const storage = safeStorage('local');

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

/** With "auto", a change of the browser's languages applies at once. */
export function followBrowserLanguage(): () => void {
  const onChange = () => {
    if (readLanguagePreference() === 'auto') void activateLocale(resolveLocale('auto'));
  };
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}
