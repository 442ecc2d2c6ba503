// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the i18n module: the suite's setup has already loaded the later text into the shared one. */
async function freshI18n() {
  vi.resetModules();
  return import('../../src/i18n/i18n');
}

describe('the later catalog', () => {
  beforeEach(() => vi.resetModules());

  it('is not in the first catalog: a later key reads as its id until loadLaterMessages', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    expect(t('app.feed')).toBe('Feed');
    expect(t('settings.title')).toBe('settings.title');
    await loadLaterMessages();
    expect(t('settings.title')).toBe('Settings');
  });

  it('follows a switch of language once loaded, and a switch in flight includes it', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    const switching = activateLocale('pl');
    await loadLaterMessages();
    await switching;
    expect(t('settings.title')).toBe('Ustawienia');
    await activateLocale('ar');
    expect(t('settings.title')).toBe('الإعدادات');
    await activateLocale('en');
    expect(t('settings.title')).toBe('Settings');
  });

  it('withLaterMessages resolves to what it loaded, once the text is in', async () => {
    const { activateLocale, withLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    await expect(withLaterMessages(Promise.resolve(42))).resolves.toBe(42);
    expect(t('thread.title')).toBe('Post');
  });
});
