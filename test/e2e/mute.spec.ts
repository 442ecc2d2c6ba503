// Muting accounts and words: kept in this browser for the account in use, never sent anywhere.
import type { Page, Request } from '@playwright/test';
import { expect, test, type MockApi } from './fixtures';
import { openSignedIn, showNewest, TOKENS } from './support';

test.beforeAll(async ({ mockApi }) => mockApi.reset());

/** chen_w's "Almost caught up with the feed." (newest but one), and dalia's "تصبحون على خير 🌙". */
const CHEN_POST = 74;
const ARABIC_POST = 68;

const feedPost = (page: Page, id: number) => page.locator(`[role="feed"] article[data-post-id="${id}"]`);

/**
 * Every request the page sends that could change something on the server: muting must send none.
 * Reads (GET) aside, and who-am-I, a PATCH of the profile with every field null (it changes nothing:
 * docs/api-notes.md), which a page load sends.
 */
function recordWrites(page: Page, mockApi: MockApi): string[] {
  const writes: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(mockApi.url) || request.method() === 'GET') return;
    const body = request.postDataJSON() as Record<string, unknown> | null;
    const whoAmI = request.method() === 'PATCH' && request.url().endsWith('/v2/profile') && body !== null && Object.values(body).every((value) => value === null);
    if (!whoAmI) writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

test('mute and unmute an account from a post and from its profile; it lasts a reload and sends nothing', async ({ app, mockApi, openPage }) => {
  const session = await openPage();
  const { page } = session;
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  // A first visit opens on 73 and offers 74 and 75 as new posts: ada takes the offer.
  await showNewest(page);
  const card = feedPost(page, CHEN_POST);
  await expect(card).toBeVisible();
  const before = await mockApi.state();
  const writes = recordWrites(page, mockApi);

  await card.getByRole('button', { name: 'Mute @\u2068chen_w\u2069' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Muted @\u2068chen_w\u2069.' })).toHaveCount(1);
  // Own posts stay, with no mute offered on them.
  const own = feedPost(page, 75);
  await expect(own.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Mute/ })).toHaveCount(0);

  await page.reload();
  await expect(feedPost(page, 73)).toBeVisible();
  await expect(feedPost(page, CHEN_POST)).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const accounts = page.getByRole('list', { name: '1 muted account' });
  await expect(accounts.getByText('@chen_w', { exact: true })).toBeVisible();
  await accounts.getByRole('button', { name: 'Unmute @\u2068chen_w\u2069' }).click();
  await expect(page.getByText(/You have not muted any accounts/)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(card).toBeVisible();
  // Her profile, reached from her post: mute there, and the profile says so, with the way back.
  await card.getByRole('link', { name: 'Chen Wei' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chen Wei' })).toBeVisible();
  // The header's button comes first; her posts seen here offer one each too.
  await page.getByRole('button', { name: 'Mute @\u2068chen_w\u2069' }).first().click();
  await expect(page.getByRole('note')).toContainText('You muted @\u2068chen_w\u2069.');
  await page.goBack();
  await expect(feedPost(page, 73)).toBeVisible();
  await expect(feedPost(page, CHEN_POST)).toHaveCount(0);
  await page.goForward();
  await page.getByRole('note').getByRole('button', { name: 'Unmute @\u2068chen_w\u2069' }).click();
  await expect(page.getByRole('button', { name: 'Mute @\u2068chen_w\u2069' }).first()).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);

  expect(writes).toEqual([]);
  expect(await mockApi.state()).toEqual(before);
});

test('mute words, two of them Arabic: posts leave the feed, a reply folds in its thread until shown; removing brings them back', async ({ app, mockApi, openPage }) => {
  const session = await openPage();
  const { page } = session;
  await openSignedIn(page, TOKENS.bram, { url: app.url });
  // A first visit opens on 73 and offers 74 and 75 as new posts: bram takes the offer.
  await showNewest(page);
  await expect(feedPost(page, CHEN_POST)).toBeVisible();
  const writes = recordWrites(page, mockApi);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const field = page.getByRole('textbox', { name: 'Word or phrase to mute' });
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('Type a word or phrase to mute.');
  await field.fill('Caught');
  await add.click();
  // Next to an emoji in dalia's post 68; in ada's reply 29 to dalia's post 27, "أهلاً وسهلاً! (welcome!)".
  await field.fill('خير');
  await field.press('Enter');
  await field.fill('وسهلاً');
  await field.press('Enter');
  await field.fill('CAUGHT');
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('“CAUGHT” is already muted.');
  await expect(field).toHaveValue('CAUGHT');
  const words = page.getByRole('list', { name: '3 muted words' });
  await expect(words.getByRole('listitem')).toHaveText([/^Caught/, /^خير/, /^وسهلاً/]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(feedPost(page, 73)).toBeVisible();
  await expect(feedPost(page, 69)).toBeVisible();
  await expect(feedPost(page, CHEN_POST)).toHaveCount(0);
  await expect(feedPost(page, ARABIC_POST)).toHaveCount(0);

  await page.goto(app.at('#/post/27'));
  const reply = page.locator('li[data-reply-id="29"]');
  await expect(reply.getByText('Hidden: contains a muted word')).toBeVisible();
  await expect(page.getByText('أهلاً وسهلاً! (welcome!)')).toHaveCount(0);
  await reply.getByRole('button', { name: 'Show the hidden reply' }).click();
  await expect(reply.getByText('أهلاً وسهلاً! (welcome!)')).toBeVisible();

  await page.reload();
  await expect(reply.getByText('Hidden: contains a muted word')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  for (const word of ['وسهلاً', 'خير', 'Caught']) await page.getByRole('button', { name: `Remove muted word “${word}”` }).click();
  await expect(page.getByText('You have not muted any words.')).toBeVisible();
  await page.goBack();
  await expect(reply.getByText('أهلاً وسهلاً! (welcome!)')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(feedPost(page, CHEN_POST)).toBeVisible();

  expect(writes).toEqual([]);
});

test('a muted account’s reply folds to one line in its thread, keeps its place, and shows on request', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  await page.goto(app.at('#/post/5'));
  // 6 is bram's "vim, obviously."; 7, dalia's answer to it, stays under it.
  const reply = page.locator('li[data-reply-id="6"]');
  await reply.getByRole('button', { name: 'Mute @\u2068bram_stoker\u2069' }).click();
  const show = reply.getByRole('button', { name: 'Show the reply from @\u2068bram_stoker\u2069' });
  await expect(reply.getByText('Reply from an account you muted')).toBeVisible();
  await expect(show).toBeFocused();
  await expect(reply.getByText('vim, obviously.')).toHaveCount(0);
  await expect(reply.getByText(/Emacs users are typing/)).toBeVisible();
  await show.press('Enter');
  await expect(reply.getByText('vim, obviously.')).toBeVisible();
  await reply.getByRole('button', { name: 'Unmute @\u2068bram_stoker\u2069' }).first().click();
});
