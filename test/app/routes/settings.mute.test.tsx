import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFor } from '../../support/account-data';
import { activateLocale } from '../../../src/i18n/i18n';
import { MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { recordRequests } from '../../support/feed-helpers';

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

const stored = () => JSON.parse(localStorage.getItem(keyFor('ada', 'mutes')) ?? 'null') as unknown;

describe('Settings › Muting', () => {
  it('adds and removes muted words, refusing blank and duplicate ones without losing what was typed', async () => {
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const section = await screen.findByRole('region', { name: 'Muting' });
    // Offered once who-am-I has answered (the account the mutes belong to); from then on, no request.
    const field = await within(section).findByRole('textbox', { name: 'Word or phrase to mute' });
    const requests = recordRequests();
    expect(within(section).getByText('You have not muted any words.')).toBeInTheDocument();
    expect(within(section).getByText(/You have not muted any accounts/)).toBeInTheDocument();
    const add = within(section).getByRole('button', { name: 'Add' });

    await user.click(add);
    expect(within(section).getByRole('alert')).toHaveTextContent('Type a word or phrase to mute.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '   ');
    await user.click(add);
    expect(within(section).getByRole('alert')).toHaveTextContent('Type a word or phrase to mute.');
    expect(field).toHaveValue('   ');

    await user.clear(field);
    await user.type(field, '  Łódź {Enter}');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(within(section).queryByRole('alert')).toBeNull();
    await user.type(field, 'ŁÓDŹ');
    await user.click(add);
    expect(within(section).getByRole('alert')).toHaveTextContent('“ŁÓDŹ” is already muted.');
    expect(field).toHaveValue('ŁÓDŹ');
    await user.clear(field);
    await user.type(field, 'القطط{Enter}');

    const list = within(section).getByRole('list', { name: '2 muted words' });
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Łódź', 'القطط']);
    expect(stored()).toEqual({ accounts: [], words: ['Łódź', 'القطط'] });

    await user.click(within(list).getByRole('button', { name: 'Remove muted word “Łódź”' }));
    expect(within(section).getByRole('list', { name: '1 muted word' })).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Remove muted word “القطط”' })).toHaveFocus());
    expect(stored()).toEqual({ accounts: [], words: ['القطط'] });
    requests.stop();
    expect(requests.seen).toEqual([]);
  });

  it('lists muted accounts with Unmute, and survives a new page load', async () => {
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: [] }));
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const section = await screen.findByRole('region', { name: 'Muting' });
    const list = await within(section).findByRole('list', { name: '1 muted account' });
    expect(within(list).getByText('@chen_w')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Unmute @\u2068chen_w\u2069' }));
    await within(section).findByText(/You have not muted any accounts/);
    expect(localStorage.getItem(keyFor('ada', 'mutes'))).toBeNull();
  });

  it('asks to sign in first when signed out', async () => {
    renderApp({ route: '/settings' });
    const section = await screen.findByRole('region', { name: 'Muting' });
    expect(within(section).getByText(/Sign in to mute accounts and words/)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('speaks Polish, with its plural forms', async () => {
    await activateLocale('pl');
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [], words: ['żółw', 'kot', 'pies', 'ryba', 'koń'] }));
    renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const section = await screen.findByRole('region', { name: 'Wyciszanie' });
    await within(section).findByRole('textbox', { name: 'Słowo lub wyrażenie do wyciszenia' });
    expect(within(section).getByRole('list', { name: '5 wyciszonych słów' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Usuń wyciszone słowo „żółw”' })).toBeInTheDocument();
  });

  it('speaks Arabic, right to left, with its plural forms', async () => {
    await activateLocale('ar');
    localStorage.setItem(
      keyFor('ada', 'mutes'),
      JSON.stringify({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }, { uuid: MOCK_USER_IDS.bram, username: 'bram_stoker' }], words: ['القطط'] }),
    );
    renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const section = await screen.findByRole('region', { name: 'الكتم' });
    await within(section).findByRole('textbox', { name: 'كلمة أو عبارة للكتم' });
    expect(within(section).getByRole('list', { name: 'حسابان مكتومان' })).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'كلمة مكتومة واحدة' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'إلغاء كتم \u200e@\u2068chen_w\u2069' })).toBeInTheDocument();
  });
});
