import { t } from '../i18n/i18n';
import { eachInOwnTask } from './idle';

/** Timestamps of unknown unit: below 10^11 they are epoch seconds, otherwise epoch milliseconds (docs/api-notes.md). */
export const SECONDS_LIMIT = 1e11;
/** 2000-01-01 in seconds: a smaller positive `edited` is a flag, not a time. */
const PLAUSIBLE_SECONDS = 946_684_800;

export function toEpochMs(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return null;
  return value < SECONDS_LIMIT ? Math.round(value * 1000) : Math.round(value);
}

export interface EditInfo {
  edited: boolean;
  /** Epoch ms, or null when the server only said "edited" without a usable time. */
  at: number | null;
}

export function toEditInfo(value: number | null | undefined): EditInfo {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return { edited: false, at: null };
  if (value < PLAUSIBLE_SECONDS) return { edited: true, at: null };
  return { edited: true, at: toEpochMs(value) };
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/**
 * Intl formatters, one per locale and options. Building one costs far more than using it (the
 * first DateTimeFormat of a page loads locale data: tens of ms on a phone), and a feed renders
 * two times per post. `undefined` is the browser's locale; a locale switch just adds entries.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cachedFormatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter(`dt|${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(locale: string | undefined, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cachedFormatter(`rt|${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}

const RELATIVE: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };
const ABSOLUTE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * "3 hours ago", "in 2 days", "just now", in `locale` (the active language: `useLocale()`).
 * "Just now" is the catalog's (Intl's own "now" reads as a clock, not as "a moment ago").
 */
export function formatRelative(ms: number, now = Date.now(), locale?: string): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  if (abs < 45_000) return t('common.justNow');
  const rtf = relativeTimeFormat(locale, RELATIVE);
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === 'minute') return rtf.format(Math.round(diff / size), unit);
  }
  return t('common.justNow');
}

export function formatAbsolute(ms: number, locale?: string): string {
  return dateTimeFormat(locale, ABSOLUTE).format(ms);
}

/**
 * Has a short-lived worker build the Intl data every formatter of the page shares
 * (lib/intl-warm.worker.ts), so that the main thread's first formatter does not take a long task
 * for it. Resolves when the worker is done, has failed, or after `timeoutMs`; at once where there
 * are no workers (tests, old browsers): formatters then work as before, only the first costs more.
 */
export function warmIntlOffMainThread(locale: string, timeoutMs = 3_000): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  let worker: Worker;
  try {
    worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm' });
  } catch {
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    worker.onmessage = done;
    worker.onerror = done;
    worker.postMessage(locale);
  });
}

/**
 * Builds, in tasks of their own while the page waits for the network, the formatters every post renders with (relative and
 * absolute time, and the plural rules of counts): the first of each costs tens of ms on a phone,
 * which would otherwise land in the render that shows the first posts.
 */
export function warmFormatters(locale: string): void {
  eachInOwnTask([
    () => relativeTimeFormat(locale, RELATIVE).format(-1, 'day'),
    () => dateTimeFormat(locale, ABSOLUTE).format(0),
    () => t('post.replyCount', { count: 2 }),
  ]);
}
