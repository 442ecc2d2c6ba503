import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, resolveLocale } from '../../../src/i18n/i18n';
import { matchLocale } from '../../../src/i18n/locales';
import { renderApp } from '../../support/render-app';

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('interface language', () => {
  it('follows the first of the browser languages the app speaks', () => {
    expect(matchLocale(['de-DE', 'ar-EG', 'en'])).toBe('ar');
    expect(matchLocale(['pl'])).toBe('pl');
    expect(matchLocale(['de', 'fr'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });

  it('changes in Settings without a reload, sets <html lang dir>, and is remembered', async () => {
    const { user } = renderApp({ route: '/settings' });
    // The section's heading and the select's label say different things: a screen reader's list of
    // headings and of form controls does not read "Language" twice.
    const select = await screen.findByRole('combobox', { name: 'Language of the app' });
    expect(screen.getByRole('heading', { name: 'Language' })).toBeVisible();
    await user.selectOptions(select, 'ar');
    await screen.findByRole('heading', { level: 1, name: 'الإعدادات' });
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(document.title).toBe('الإعدادات · Social'));
    expect(localStorage.getItem('social.language')).toBe('ar');
    expect(resolveLocale()).toBe('ar');

    await user.selectOptions(screen.getByRole('combobox', { name: 'لغة التطبيق' }), 'pl');
    await screen.findByRole('heading', { level: 1, name: 'Ustawienia' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Język aplikacji' }), 'auto');
    expect(localStorage.getItem('social.language')).toBeNull();
  });
});
