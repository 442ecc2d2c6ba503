// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/i18n/i18n';
import { ApiError, type ApiErrorKind } from '../../../src/lib/api/api-error';
import { ConfigError } from '../../../src/lib/config';
import { formatRelative } from '../../../src/lib/time';

afterEach(async () => {
  await activateLocale('en');
});

describe('messages follow the language active when they are shown', () => {
  it('an API error made in English reads in Arabic after a switch; the server’s reason stays as given', async () => {
    const timeout = new ApiError('timeout');
    const refused = new ApiError('api', { status: 400, reason: 'Content too long' });
    expect(timeout.message).toBe('The server took too long to answer.');
    await activateLocale('ar');
    expect(timeout.message).toBe('استغرق الخادم وقتًا طويلًا للرد.');
    expect(refused.message).toBe('Content too long');
    await activateLocale('pl');
    expect(new ApiError('bad_response', { path: 'post.id' }).message).toBe(
      'Serwer odpowiedział w formacie, którego ta aplikacja nie rozumie (w post.id).',
    );
  });

  it('a configuration error and "just now" too', async () => {
    const error = new ConfigError('config.http', { status: 500 });
    expect(error.message).toBe('config.json could not be read (HTTP 500).');
    expect(formatRelative(1_000, 2_000, 'en')).toBe('just now');
    await activateLocale('pl');
    expect(error.message).toBe('Nie udało się odczytać pliku config.json (HTTP 500).');
    expect(formatRelative(1_000, 2_000, 'pl')).toBe('przed chwilą');
    expect(formatRelative(0, 3 * 3600_000, 'pl')).toBe('3 godziny temu');
  });

  it('every kind has a message of its own in each language (its name in camel case: errors.notFound)', async () => {
    const kinds = Object.keys({
      offline: 0, network: 0, timeout: 0, unauthorized: 0, forbidden: 0, not_found: 0, conflict: 0, rate_limited: 0, server: 0, api: 0, bad_response: 0,
    } satisfies Record<ApiErrorKind, 0>) as ApiErrorKind[];
    for (const locale of ['en', 'pl', 'ar'] as const) {
      await activateLocale(locale);
      const messages = kinds.map((kind) => new ApiError(kind).message);
      for (const message of messages) expect(message).not.toMatch(/^errors\./);
      expect(new Set(messages).size).toBe(kinds.length);
    }
    await activateLocale('en');
    expect(new ApiError('not_found').message).toBe('This was deleted or never existed.');
  });
});
