import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n';
import { userJson } from '../../src/mocks/handlers/users';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

const ADA = MOCK_USER_IDS.ada;
const arabicNumber = (n: number) => new Intl.NumberFormat('ar').format(n);

beforeEach(async () => {
  await activateLocale('ar');
});

afterEach(async () => {
  await activateLocale('en');
});

describe('the interface in Arabic', () => {
  it('the composer: labels, buttons and a character count with Arabic plural forms', async () => {
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await screen.findByRole('heading', { level: 1, name: 'منشور جديد' });
    const box = await screen.findByRole('textbox', { name: 'ماذا تريد أن تقول؟' });
    expect(screen.getByRole('textbox', { name: 'المُرسِل (اختياري)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'قفل (بلا ردود)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'انشر' })).toBeInTheDocument();

    // Arabic has a dual and separate forms for 3–10 and 11–99.
    await user.type(box, 'هل');
    expect(screen.getByText('حرفان · Ctrl+Enter للإرسال')).toBeInTheDocument();
    await user.type(box, ' هو');
    expect(screen.getByText(`${arabicNumber(5)} أحرف · Ctrl+Enter للإرسال`)).toBeInTheDocument();
    await user.type(box, ' هنا الآن');
    expect(screen.getByText(`${arabicNumber(14)} حرفًا · Ctrl+Enter للإرسال`)).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'انشر' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('اكتب شيئًا قبل النشر.');
  });

  it('a profile: facts, the joined date in Arabic, and the count of badges left out', async () => {
    const ada = db.user(ADA)!;
    const badges = Array.from({ length: 14 }, (_, i) => `badge-${i + 1}`);
    server.use(
      http.get(`${TEST_API_BASE}/v2/user/:uuid`, () => HttpResponse.json({ error: false, user: { ...userJson(ada), badge: badges } })),
    );
    renderApp({ route: `/user/${ADA}`, token: MOCK_TOKENS.ada });
    const heading = await screen.findByRole('heading', { level: 1, name: ada.displayname });
    const profile = heading.closest('section')!;

    expect(within(profile).getByText('الضمائر')).toBeInTheDocument();
    expect(within(profile).getByText('شارات خاصة')).toBeInTheDocument();
    expect(within(profile).getByText('تاريخ الانضمام')).toBeInTheDocument();
    const joined = new Intl.DateTimeFormat('ar', { dateStyle: 'long' }).format(ada.joined * 1000);
    expect(within(profile).getByText(joined)).toBeInTheDocument();
    // Twelve are shown; the two left out are counted in the dual.
    expect(within(profile).getByText('وشارتان أخريان')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: `منشورات \u2068${ada.displayname}\u2069 التي ظهرت حتى الآن` })).toBeInTheDocument();
  });
});
