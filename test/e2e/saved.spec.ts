// Saved posts: kept in this browser for the account in use, never sent anywhere.
import type { Page } from '@playwright/test';
import { allowErrors, expect, test } from './fixtures';
import { checkA11y, HTTP_ERROR_RESOURCE, openSignedIn, showNewest, storedAccountData, TOKENS } from './support';

test.beforeAll(async ({ mockApi }) => mockApi.reset());
test.afterAll(async ({ mockApi }) => mockApi.reset());

const feedPost = (page: Page, id: number) => page.locator(`[role="feed"] article[data-post-id="${id}"]`);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test(
  'save two posts, reload, find them on Saved from the header; a deleted one says so; the other account has none',
  // The deleted post's read answers 404, as it should.
  allowErrors(HTTP_ERROR_RESOURCE),
  async ({ app, mockApi, openPage }) => {
    const { page } = await openPage();
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    // A first visit opens on 73 and offers 74 and 75 as new posts: ada takes the offer (focus goes to 75).
    await showNewest(page);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(mockApi.url) && !['GET', 'PATCH'].includes(request.method())) writes.push(`${request.method()} ${request.url()}`);
    });

    const save73 = feedPost(page, 73).getByRole('button', { name: 'Save post' });
    await save73.click();
    await expect(feedPost(page, 73).getByRole('button', { name: 'Saved, remove from saved' })).toHaveAttribute('aria-pressed', 'true');
    // By keyboard: s on the post holding focus (j moves there).
    await feedPost(page, 74).focus();
    await page.keyboard.press('s');
    await expect(feedPost(page, 74).getByRole('button', { name: 'Saved, remove from saved' })).toBeVisible();
    expect(JSON.parse((await storedAccountData(page, 'ada', 'saved')) ?? 'null')).toEqual(['74', '73']);
    expect(writes).toEqual([]);

    await page.reload();
    await expect(feedPost(page, 73)).toBeVisible();
    await nav(page).getByRole('link', { name: 'Saved' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved posts' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Saved posts, most recently saved first' });
    await expect(list.locator('article')).toHaveCount(2);
    await expect(list.locator('article').first()).toHaveAttribute('data-post-id', '74');
    await expect(list.locator('article').nth(1)).toHaveAttribute('data-post-id', '73');
    await expect(list.getByRole('button', { name: 'Saved, remove from saved' })).toHaveCount(2);
    const { report } = await checkA11y(page, { label: 'Saved, two posts' });
    expect(report).toBe('');

    // chen_w deletes the post ada saved (74): the Saved page says so, and Remove takes it away.
    const deleted = await mockApi.fetchJson('v2/post/74', { method: 'DELETE', headers: { Authorization: `Bearer ${TOKENS.chen}` } });
    expect(deleted.status).toBeLessThan(300);
    // As a new tab: nothing of this tab's session (the cache that still holds 74) comes along.
    await openSignedIn(page, TOKENS.ada, { url: app.at('#/saved'), emptySession: true });
    await expect(page.getByText('This post was deleted')).toBeVisible();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('This post was deleted')).toHaveCount(0);
    await expect(list.locator('article')).toHaveCount(1);
    expect(JSON.parse((await storedAccountData(page, 'ada', 'saved')) ?? 'null')).toEqual(['73']);

    // Another account on this browser: its Saved, from the header, is empty.
    await openSignedIn(page, TOKENS.bram, { url: app.url, emptySession: true });
    await expect(feedPost(page, 73)).toBeVisible();
    await nav(page).getByRole('link', { name: 'Saved' }).click();
    await expect(page.getByText('Nothing saved yet')).toBeVisible();
    expect(JSON.parse((await storedAccountData(page, 'ada', 'saved')) ?? 'null')).toEqual(['73']);
  },
);
