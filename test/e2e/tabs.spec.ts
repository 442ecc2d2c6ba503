// Two tabs of one account in one browser: they agree without asking the server (issue 38).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueText } from './journeys';
import { advanceClock, LONG_QUIET_MS, openSignedIn, showNewest, TOKENS, watchApi } from './support';
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };

// Each test (and each repeat) from the seed.
test.beforeEach(async ({ mockApi }) => mockApi.reset());
test.afterAll(async ({ mockApi }) => mockApi.reset());

const feed = (page: Page) => page.getByRole('feed');

/** Which of the account's tabs the page is, as the app says on <html> (app/tab-sync.ts): 'reader' or 'follower'. */
const roleOf = (page: Page) => page.locator('html').getAttribute('data-tab-role');


test('a post written in one tab is at the top of the other within 2 s, with no request for it; a sign-out in one signs the other out', async ({ app, mockApi, openPage }) => {
  const { page: writer, context } = await openPage();
  const reader = await context.newPage();
  await openSignedIn(writer, TOKENS.ada, { url: app.url });
  await openSignedIn(reader, TOKENS.ada, { url: app.url });
  // The newest seed post (75) on top of both. The writer's is a first visit, which opens on 73 and
  // offers 74 and 75 as new posts; the reader's shares the writer's localStorage, a first visit too
  // unless the writer's had remembered a post by then. Each takes the offer it has.
  await showNewest(writer);
  await showNewest(reader);
  await expect(feed(writer).locator('article[data-post-id="75"]')).toBeVisible();
  await expect(feed(reader).locator('article[data-post-id="75"]')).toBeVisible();
  const readerAsked: string[] = [];
  let readerAskedAt = Date.now();
  reader.on('request', (request) => {
    if (!request.url().startsWith(mockApi.url)) return;
    readerAskedAt = Date.now();
    if (request.method() === 'GET') readerAsked.push(new URL(request.url()).pathname);
  });
  // The reader tab's first load done (its look above the newest post reads the next ids, the one the
  // new post will take among them): what it asks from here on is what the new post costs it.
  await expect.poll(() => Date.now() - readerAskedAt, { message: 'the reader tab never went quiet' }).toBeGreaterThan(1_500);
  readerAsked.length = 0;

  const text = uniqueText('Written in the other tab');
  await writer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
  await writer.getByLabel(compose.contentLabel).fill(text);
  await writer.getByRole('button', { name: compose.post, exact: true }).click();
  await writer.waitForURL(/#\/post\/\d+$/);
  const id = /#\/post\/(\d+)$/.exec(writer.url())?.[1];
  expect(id).toBeTruthy();

  // The reader tab shows it first in its feed, as the writer's feed would, within 2 s.
  const shown = Date.now();
  await expect(feed(reader).locator('article').first()).toHaveAttribute('data-post-id', id!, { timeout: 2_000 });
  await expect(feed(reader).locator('article').first().getByText(text)).toBeVisible();
  expect(Date.now() - shown).toBeLessThan(2_000);
  expect(readerAsked.filter((path) => path === `/v2/post/${id}`), 'the reader tab asked the server for the post').toEqual([]);

  // Signing out in the writer tab (keeping this device's data) signs the reader tab out of ada too.
  await writer.getByRole('banner').getByRole('button', { name: /^Sign out/ }).click();
  const question = writer.getByRole('dialog', { name: 'Sign out?' });
  // Asked only when the account keeps something on this device.
  await expect(writer.getByLabel('API token').or(question)).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(writer.getByLabel('API token')).toBeVisible();
  await expect(reader.getByLabel('API token')).toBeVisible({ timeout: 2_000 });
  await expect(reader.getByText(/ada\W* was signed out in another tab\./)).toBeVisible();
  expect(await reader.evaluate(() => sessionStorage.getItem('social.api-token'))).toBeNull();
});

test('a mute in one tab hides the account’s posts in the other within 2 s, and an unmute brings them back', async ({ app, openPage }) => {
  const { page: first, context } = await openPage();
  const second = await context.newPage();
  await openSignedIn(first, TOKENS.ada, { url: app.url });
  await openSignedIn(second, TOKENS.ada, { url: app.url });
  const chen = (page: Page) => feed(page).getByRole('article', { name: /@chen_w$/ });
  await expect(chen(second).first()).toBeVisible();
  await chen(first).first().getByRole('button', { name: 'Mute @\u2068chen_w\u2069' }).click();
  await expect(chen(first)).toHaveCount(0);
  await expect(chen(second)).toHaveCount(0, { timeout: 2_000 });
  // Undo in the first tab: her posts are back in both.
  await first.getByRole('button', { name: 'Undo' }).click();
  await expect(chen(first).first()).toBeVisible();
  await expect(chen(second).first()).toBeVisible({ timeout: 2_000 });
});

test('closing the tab that reads hands the check to the other: a new post by another account is offered there within 70 s', async ({ app, mockApi, openPage }) => {
  // Above the seed's deleted 76 and 77 first, so the next post lands just above the newest, where the minute's check looks.
  const newest = await mockApi.postAs(TOKENS.dalia, uniqueText('Before ada came'));
  const { page: first, context } = await openPage();
  const second = await context.newPage();
  // The pages' clocks are the test's: the minute's check runs when the test moves them on, not a real minute later.
  for (const page of [first, second]) await page.clock.install();
  await openSignedIn(first, TOKENS.ada, { url: app.url });
  await openSignedIn(second, TOKENS.ada, { url: app.url });
  // Dalia's post on top of both: a first visit opens on 73 and offers what lies above it (74, 75 and
  // hers) as new posts, which is taken; the second tab, sharing the first's localStorage, may start
  // from the newest post the first remembered, with nothing to take.
  for (const page of [first, second]) await showNewest(page, String(newest));
  for (const page of [first, second]) await expect(feed(page).locator('article').first()).toHaveAttribute('data-post-id', String(newest));
  await expect.poll(async () => [await roleOf(first), await roleOf(second)].sort().join(' ')).toBe('follower reader');
  const [reader, other] = (await roleOf(first)) === 'reader' ? [first, second] : [second, first];
  const api = watchApi(other, mockApi.url);
  await api.quiet(Date.now(), 2 * LONG_QUIET_MS);

  await reader.close();
  await expect(other.locator('html')).toHaveAttribute('data-tab-role', 'reader');
  const text = uniqueText('Bram, after the reading tab closed');
  const id = await mockApi.postAs(TOKENS.bram, text);
  const gets = await advanceClock(other, api, 70_000);
  expect(gets, 'the remaining tab made the check itself').toContain(`/v2/post/${id}`);
  const offer = other.getByRole('button', { name: '1 new post' });
  await expect(offer).toBeVisible({ timeout: 2_000 });
  await offer.click();
  await expect(feed(other).locator('article').first()).toHaveAttribute('data-post-id', String(id));
  await expect(feed(other).getByText(text)).toBeVisible();
});
