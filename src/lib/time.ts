import { t } from '../i18n/i18n';

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

/** One formatter per language and kind: building an Intl formatter costs far more than using one. */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const absoluteFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string | undefined, make: () => F): F {
  const key = locale ?? '';
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * "3 hours ago", "in 2 days", "just now", in `locale` (the active language: `useLocale()`).
 * "Just now" is the catalog's (Intl's own "now" reads as a clock, not as "a moment ago").
 */
export function formatRelative(ms: number, now = Date.now(), locale?: string): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  if (abs < 45_000) return t('common.justNow');
  const rtf = cached(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === 'minute') return rtf.format(Math.round(diff / size), unit);
  }
  return t('common.justNow');
}

export function formatAbsolute(ms: number, locale?: string): string {
  return cached(absoluteFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(ms);
}
