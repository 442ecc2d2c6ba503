import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

beforeEach(async () => {
  await activateLocale('ar');
});

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

/** Arabic letters (and Arabic-Indic digits): what the active locale's Intl formatters write. */
const ARABIC = /[\u0600-\u06FF]/;

describe('the app in Arabic', () => {
  it('shows the header, the page, the status line and the blog banner in Arabic', async () => {
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const nav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getByRole('link', { name: 'الخلاصة' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'الإعدادات' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'منشور جديد' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'انتقل إلى المحتوى' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'الخلاصة' });
    await screen.findByText('واجهة API متصلة');

    const banner = await screen.findByRole('complementary', { name: 'أحدث ما في المدونة' });
    expect(within(banner).getByRole('button', { name: 'إخفاء شريط المدونة' })).toBeInTheDocument();
    const time = banner.querySelector('time');
    expect(time?.textContent).toMatch(ARABIC);
    expect(time?.getAttribute('title')).toMatch(ARABIC);
    expect(screen.queryByText('Feed')).not.toBeInTheDocument();
  });

  it('shows an error state with the failure in Arabic, and a way to try again', async () => {
    server.use(http.patch(`${TEST_API_BASE}/v2/profile`, () => HttpResponse.json({ error: true }, { status: 500 })));
    renderApp({ route: '/profile/edit', token: MOCK_TOKENS.ada });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('تعذّر تحميل ملفك الشخصي')).toBeInTheDocument();
    expect(within(alert).getByText('واجه الخادم مشكلة في الرد.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'حاول مجددًا' })).toBeInTheDocument();
  });

  it('says an unknown address is not found, in Arabic', async () => {
    renderApp({ route: '/no-such-page' });
    await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' });
    expect(screen.getByRole('link', { name: 'الذهاب إلى الخلاصة' })).toBeInTheDocument();
  });
});
