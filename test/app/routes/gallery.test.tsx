import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';

describe('the states gallery', () => {
  it('shows every component in its states under one h1, in mock mode', async () => {
    const { user } = renderApp({ route: '/gallery', config: { mocks: true } });
    await screen.findByRole('heading', { level: 1, name: 'States gallery' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const section of ['Post card', 'Thread', 'Composer', 'Profile header', 'Blog banner', 'Account menu', 'Replies to you', 'Saved posts', "This device's data (Settings)", 'Loading, empty, new posts and error', 'Where you left off']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Show post' }).length).toBeGreaterThan(0);
    // The feed's "new posts" offer, as the posts-arriving scenario brings it live.
    expect(screen.getByRole('button', { name: '3 new posts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '20+ new posts' })).toBeInTheDocument();
    expect(screen.getByText('Sensitive, revealed: the badge stays, the text shows.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show profile details' })).toBeInTheDocument();
    expect(screen.getAllByText(/<script>alert\(1\)<\/script>/).length).toBeGreaterThan(0);
    // Badges of every shape: names as text, colours as tints, the rest as short text.
    const shapes = screen.getByText(/^Badges of every shape/).closest('figure')!;
    for (const text of ['Founder', 'Staff', 'Moderator', 'Supporter', 'tier: 3, region: EU', 'they/them']) {
      expect(within(shapes).getByText(text)).toBeInTheDocument();
    }
    expect(shapes).not.toHaveTextContent(/#[0-9a-f]{3}|[{}]/i);
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Replies are closed: this post is locked.')).toBeInTheDocument();
    const muted = screen.getByText('Muted reply collapsed (muted account)').closest('figure')!;
    expect(within(muted).getByText('Reply from an account you muted')).toBeInTheDocument();
    expect(within(muted).getByRole('button', { name: 'Show the reply from @\u2068chen_w\u2069' })).toBeInTheDocument();
    expect(screen.getByText('Hidden: contains a muted word')).toBeInTheDocument();
    // Two accounts in the account menu: the one in use marked, a switch for the other.
    const twoAccounts = screen.getByText('Two accounts, Ada in use').closest('figure')!;
    expect(within(twoAccounts).getByText('In use: \u2068Ada Lovelace\u2069 (@\u2068ada\u2069)').closest('li')).toHaveAttribute('aria-current', 'true');
    expect(within(twoAccounts).getByRole('button', { name: 'Switch to \u2068Bram\u2069 (@\u2068bram_stoker\u2069)' })).toBeInTheDocument();
    expect(within(twoAccounts).getByRole('button', { name: 'Sign out of all accounts' })).toBeInTheDocument();
    expect(screen.getAllByText(/Replying to/)[0]).toHaveTextContent('Replying to @grace');
    // Replies to you: the header link with several unseen, the page empty and with new replies.
    expect(screen.getByRole('link', { name: 'Replies, 3 new' })).toHaveTextContent('3');
    expect(screen.getByText('No replies yet')).toBeInTheDocument();
    const replies = screen.getByText(/^Replies page, several unseen/).closest('figure')!;
    expect(within(replies).getAllByText('New')).toHaveLength(3);
    expect(within(replies).getByText('your post (marked as sensitive)')).toBeInTheDocument();
    expect(within(replies).getAllByRole('link', { name: 'Your post: what do you all think of the new compiler?' }).length).toBeGreaterThan(0);
    // Saved posts: empty, full, a deleted one with Remove and one that failed.
    expect(screen.getByText('Nothing saved yet')).toBeInTheDocument();
    const full = screen.getByText(/^Saved page, three posts/).closest('figure')!;
    expect(within(full).getAllByRole('article')).toHaveLength(3);
    const gone = screen.getByText(/^Saved page, a deleted post/).closest('figure')!;
    await within(gone).findByText('This post was deleted');
    expect(within(gone).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await within(gone).findByText('Could not load this saved post');
    // This device's data: an import error said in an alert, and another account's file asked about, its name as text.
    const importError = screen.getByText(/^Import error: not a data file/).closest('figure')!;
    expect(within(importError).getByRole('alert')).toHaveTextContent('That file is not a data file from Social, or it was changed after it was exported. Nothing was changed.');
    expect(within(importError).getByLabelText('Import data')).toHaveAttribute('aria-invalid', 'true');
    const asking = screen.getByText(/^The file is another account/).closest('figure')!;
    expect(within(asking).getByRole('group')).toHaveTextContent('This file holds the data of @\u2068<b>mallory</b><script>alert(1)</script>\u2069, and you are using');
    expect(within(asking).getByRole('button', { name: 'Import anyway' })).not.toHaveFocus();
    // Where you left off: the count of what came since, the line in the first post seen before, the tab's count.
    const back = screen.getByText(/^Back after a while/).closest('figure')!;
    expect(within(back).getByText('2 new since your last visit')).toBeInTheDocument();
    const line = within(back).getByRole('separator', { name: 'You’re caught up — seen before' });
    expect(within(back).getAllByRole('article').indexOf(line.closest('article')!)).toBe(2);
    expect(screen.getByText('(2) Social')).toBeInTheDocument();

    const canvas = document.querySelector('.gallery-canvas');
    expect(canvas).not.toHaveAttribute('data-theme');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(canvas).toHaveAttribute('data-theme', 'dark');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(canvas).toHaveAttribute('data-theme', 'light');
  });

  it('does not exist without mocks', async () => {
    renderApp({ route: '/gallery' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByText('There is nothing at this address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '#/');
  });
});
