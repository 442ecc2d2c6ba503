import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n';
import { FIXTURE_POST_IDS, MOCK_TOKENS } from '../support/mock-backend';
import { fakeWindowScroll, findFeedList } from '../support/feed-helpers';
import { renderApp } from '../support/render-app';

beforeEach(async () => {
  fakeWindowScroll();
  await activateLocale('ar');
});

afterEach(async () => {
  await activateLocale('en');
});

describe('the feed and a thread in Arabic', () => {
  it('names the feed and counts replies with Arabic plural forms', async () => {
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await findFeedList('المنشورات');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');

    // Post 69 has one reply (70): the "one" form, in the link's accessible name and its text.
    const asked = (await within(feed).findByText('Who is around this weekend?')).closest('article')!;
    const open = within(asked).getByRole('link', { name: 'فتح سلسلة النقاش: رد واحد' });
    expect(open).toHaveTextContent('رد واحد');
    // A post without replies (73, the first post of a first visit): the "zero" form.
    const unanswered = (await within(feed).findByText('A post whose from field is far too long.')).closest('article')!;
    expect(within(unanswered).getByRole('link', { name: 'فتح سلسلة النقاش: لا ردود' })).toBeInTheDocument();

    // The reply names its parent inside the translated sentence, the name still a link.
    const reply = within(feed).getByText('Me! Also my cat.').closest('article')!;
    expect(within(reply).getByText(/ردًا على/)).toHaveTextContent('ردًا على @ada');
    expect(within(reply).getByRole('link', { name: '@ada' })).toHaveAttribute('href', '#/post/69');
  });

  it('shows a thread with its heading, title and reply count in Arabic', async () => {
    // Post 5 has two direct replies: the "two" (dual) form.
    renderApp({ route: `/post/${FIXTURE_POST_IDS.replyChain[0]}`, token: MOCK_TOKENS.ada });
    await screen.findByRole('heading', { level: 1, name: 'منشور من \u2068Ada Lovelace\u2069' });
    await waitFor(() => expect(document.title).toBe('\u2068منشور من \u2068Ada Lovelace\u2069\u2069 · Social'));
    expect(screen.getByRole('heading', { level: 2, name: 'ردّان' })).toBeInTheDocument();
    const replies = await screen.findByRole('list', { name: 'الردود على \u2068Ada Lovelace\u2069' });
    await within(replies).findByText('vim, obviously.');
  });

  it('says in Arabic that a locked post takes no replies', async () => {
    renderApp({ route: `/post/${FIXTURE_POST_IDS.lockedWithReply}`, token: MOCK_TOKENS.ada });
    await screen.findByText('الردود مغلقة: هذا المنشور مقفل.');
  });
});
