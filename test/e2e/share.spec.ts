// "Copy link" on every post: the absolute address of its thread, under the app's sub-path; "Share…"
// where the browser has a share sheet that takes a link.
import { expect, test } from './fixtures';
import { openSignedIn, showNewest, TOKENS } from './support';

test.beforeAll(async ({ mockApi }) => mockApi.reset());

test('Copy link puts the thread’s address on the clipboard, and that address opens the thread', async ({ app, openPage }) => {
  const session = await openPage();
  const { page, context } = session;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await openSignedIn(page, TOKENS.bram, { url: app.url });
  // A first visit opens on 73 and offers 74 and 75 as new posts: bram takes the offer.
  await showNewest(page);
  const card = page.locator('[role="feed"] article[data-post-id="74"]');
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(card.getByRole('status')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The app is served under a sub-path (fixtures.ts): the link keeps it.
  expect(copied).toBe(`${app.url}#/post/74`);

  const other = await openPage();
  await openSignedIn(other.page, TOKENS.ada, { url: app.url });
  await other.page.goto(copied);
  await expect(other.page.getByRole('heading', { level: 1, name: /Chen Wei/ })).toBeVisible();
  await expect(other.page.getByText('Almost caught up with the feed.')).toBeVisible();
});

test('where the browser can share a link, "Share…" opens the share sheet with the thread’s address', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  await page.addInitScript(() => {
    const calls: ShareData[] = [];
    Object.assign(window, { sharedForTest: calls });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data: ShareData) => Boolean(data.url) });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  });
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  // A first visit opens on 73 and offers 74 and 75 as new posts: ada takes the offer.
  await showNewest(page);
  const card = page.locator('[role="feed"] article[data-post-id="74"]');
  await expect(card.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Share…' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest))
    .toEqual([{ url: `${app.url}#/post/74`, title: 'Post by \u2068Chen Wei 陈伟\u2069' }]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
