// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n';
import { dateTimeFormat, formatAbsolute, formatRelative, relativeTimeFormat } from '../../src/lib/time';

const NOW = Date.UTC(2026, 10, 22, 12, 0);

// "just now" is the interface's own text.
beforeAll(() => activateLocale('en'));

describe('time formatting', () => {
  it('says how long ago, in the locale asked for', () => {
    expect(formatRelative(NOW - 10_000, NOW, 'en')).toBe('just now');
    expect(formatRelative(NOW - 3 * 3600_000, NOW, 'en')).toBe('3 hours ago');
    expect(formatRelative(NOW - 24 * 3600_000, NOW, 'en')).toBe('yesterday');
    expect(formatRelative(NOW + 2 * 24 * 3600_000, NOW, 'en')).toBe('in 2 days');
    expect(formatRelative(NOW - 3 * 3600_000, NOW, 'de')).toBe('vor 3 Stunden');
  });

  it('gives the full date and time, in the locale asked for', () => {
    expect(formatAbsolute(NOW, 'en-GB')).toMatch(/^22 Nov 2026, \d\d:00$/);
    expect(formatAbsolute(NOW, 'de-DE')).toMatch(/^22\.11\.2026, \d\d:00$/);
  });

  it('builds one formatter per locale and options, not one per time shown', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    expect(dateTimeFormat('en-GB', options)).toBe(dateTimeFormat('en-GB', { ...options }));
    expect(dateTimeFormat('en-GB', options)).not.toBe(dateTimeFormat('fr-FR', options));
    expect(dateTimeFormat('en-GB', options)).not.toBe(dateTimeFormat('en-GB', { dateStyle: 'long' }));
    expect(relativeTimeFormat(undefined, { numeric: 'auto' })).toBe(relativeTimeFormat(undefined, { numeric: 'auto' }));
  });
});
