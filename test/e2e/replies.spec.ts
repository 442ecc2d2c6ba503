/**
 * Replies to you (issue 29): a reply made through the API by another account is counted in the
 * header within the feed's check for new posts (a minute), listed on the Replies page, and stays
 * seen after a reload and in another tab; the idle feed sends only its own requests meanwhile.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, type App, type MockApi, type OpenPage } from './fixtures';
import { seedPost } from './journeys';
import { advanceClock, charactersAsDrawn, LONG_QUIET_MS, openSignedIn, QUIET_MS, STORAGE_KEYS, TOKENS, watchApi, type ApiWatch, storedAccountData } from './support';

const ADA_NEWEST_POST = 75;
/** The seed's last ids, 76 and 77, were deleted: the first post made now gets 78. */
const FIRST_NEW_ID = 78;

async function replyAs(mockApi: MockApi, token: string, parentId: number, content: string): Promise<string> {
  const { status, body } = await mockApi.fetchJson<{ post: { id: string } }>('v2/post', {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content, parent_id: parentId }),
  });
  expect(status).toBe(200);
  return String(body.post.id);
}

/** Steps of the page's clock while waiting for the check: a request never outlives its timeout (advanceClock). */
const STEP_MS = 5_000;

const repliesState = (page: Page) =>
  storedAccountData(page, 'ada', 'replies').then((raw) => JSON.parse(raw ?? 'null') as { baseline: boolean } | null);

/**
 * Moves the page's clock on until `counted` shows (at most two minutes), and says how long that took:
 * 5 s at a time, then a second at a time from 55 s on, where a minute's check lands.
 */
async function clockUntilVisible(page: Page, api: ApiWatch, counted: Locator): Promise<number> {
  let waited = 0;
  while (!(await counted.isVisible()) && waited < 120_000) {
    const step = waited < 55_000 ? STEP_MS : 1_000;
    await advanceClock(page, api, step, { step, settle: QUIET_MS });
    waited += step;
  }
  return waited;
}

/**
 * From the seed: a post by someone else first (the minute's check reads the ids just above the
 * newest post, and a post past deleted ones, the seed's 76 and 77, waits for the ten-minute full
 * check), then ada signs in on a page whose clock the test moves, and her first catch-up takes the
 * baseline (existing replies count as seen). Returns once the first visit's requests are done.
 */
async function signedInOnTheClock(app: App, mockApi: MockApi, openPage: OpenPage) {
  expect(Number(await replyAs(mockApi, TOKENS.dalia, 2, 'A reply to another post, made before ada signs in'))).toBe(FIRST_NEW_ID);
  const { page, context } = await openPage();
  await page.clock.install();
  const api = watchApi(page, mockApi.url);
  await openSignedIn(page, TOKENS.ada, { url: app.at() });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Replies', exact: true })).toBeVisible();
  await expect.poll(() => repliesState(page).then((state) => state?.baseline)).toBe(false);
  return { page, context, api, nav };
}

/** Three idle minutes: every GET is the check above the head (or, were it not answered, the ping). */
async function expectOnlyTheCheck(page: Page, api: ApiWatch, where: string) {
  await api.quiet(Date.now(), 2 * LONG_QUIET_MS);
  const idle = await advanceClock(page, api, 3 * 60_000);
  const others = idle.filter((path) => path !== '/v2/ping' && !(/^\/v2\/post\/(\d+)$/.test(path) && Number(path.split('/').pop()) > FIRST_NEW_ID));
  expect(others, `GETs in 3 idle minutes ${where}: ${idle.join(', ')}`).toEqual([]);
  expect(idle.length, 'nothing was checked: the window proves nothing').toBeGreaterThan(0);
  expect(idle.length, `GETs in 3 idle minutes ${where}: ${idle.join(', ')}`).toBeLessThanOrEqual(9);
  test.info().annotations.push({ type: `idle GETs in 3 minutes ${where}`, description: `${idle.length}: ${idle.join(', ')}` });
}

test.describe('replies to you', () => {
  // Each test from the seed: the first new post gets FIRST_NEW_ID.
  test.beforeEach(async ({ mockApi }) => mockApi.reset());

  test('a reply from another account is counted within the feed’s minute, listed, and stays seen', async ({ app, mockApi, openPage }) => {
    const { page, context, api, nav } = await signedInOnTheClock(app, mockApi, openPage);
    await expectOnlyTheCheck(page, api, 'on the feed');
    const head = FIRST_NEW_ID;

    // chen_w replies to ada's newest post through the API, right after a check (the worst case).
    const checks = () => api.gets.filter((path) => path === `/v2/post/${head + 1}`).length;
    const checksBefore = checks();
    for (let sought = 0; checks() === checksBefore; sought += STEP_MS) {
      expect(sought, 'no check for new posts within two minutes').toBeLessThan(120_000);
      await advanceClock(page, api, STEP_MS, { step: STEP_MS, settle: QUIET_MS });
    }
    const content = `Chen answers at ${Date.now()}`;
    const replyId = await replyAs(mockApi, TOKENS.chen, ADA_NEWEST_POST, content);
    const counted = nav.getByRole('link', { name: 'Replies, 1 new' });
    const waited = await clockUntilVisible(page, api, counted);
    test.info().annotations.push({ type: 'delay until counted (page clock)', description: `${waited / 1000} s` });
    await expect(counted).toBeVisible();
    expect(waited).toBeLessThanOrEqual(65_000);
    await expect(counted).toContainText('1');

    // Another tab of the same account shows the count too, and sees it go.
    const other = await context.newPage();
    await openSignedIn(other, TOKENS.ada, { url: app.at() });
    await expect(other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Replies, 1 new' })).toBeVisible();

    await counted.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Replies to you' })).toBeVisible();
    const item = page.getByRole('list', { name: 'Replies, newest first' }).getByRole('listitem').filter({ hasText: content });
    await expect(item).toBeVisible();
    await expect(item.getByText('New', { exact: true })).toBeVisible();
    // Styled by the page's own stylesheet, which its chunk's import waited for (build/preload-helper.js):
    // a new reply is marked by a bar at its start.
    await expect(item.locator('.post-card')).toHaveCSS('border-left-width', '4px');
    const open = item.getByRole('link', { name: 'Open the thread' });
    await expect(open).toHaveAttribute('href', `#/post/${replyId}`);
    await expect(nav.getByRole('link', { name: 'Replies', exact: true })).toBeVisible();
    await expect(other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Replies', exact: true })).toBeVisible();

    await open.click();
    await expect(page.getByText(content)).toBeVisible();
    expect(page.url()).toContain(`#/post/${replyId}`);

    await page.reload();
    await expect(page.getByText(content)).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Replies', exact: true })).toBeVisible();
    await advanceClock(page, api, 60_000);
    await expect(nav.getByRole('link', { name: /new/ })).toHaveCount(0);
  });

  test('away from the feed (Settings, reached by clicking) a reply is counted within about a minute too, for what the page cost before', async ({ app, mockApi, openPage }) => {
    const { page, api, nav } = await signedInOnTheClock(app, mockApi, openPage);
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectOnlyTheCheck(page, api, 'on Settings');

    const content = `Chen answers while ada reads Settings, ${Date.now()}`;
    await replyAs(mockApi, TOKENS.chen, ADA_NEWEST_POST, content);
    const counted = nav.getByRole('link', { name: 'Replies, 1 new' });
    const waited = await clockUntilVisible(page, api, counted);
    test.info().annotations.push({ type: 'delay until counted on Settings (page clock)', description: `${waited / 1000} s` });
    await expect(counted).toBeVisible();
    expect(waited, 'counted within about a minute of the reply').toBeLessThanOrEqual(65_000);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('the Replies page costs nothing more while idle than any page away from the feed', async ({ app, mockApi, openPage }) => {
    const { page, api, nav } = await signedInOnTheClock(app, mockApi, openPage);
    await nav.getByRole('link', { name: 'Replies', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Replies to you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Look further back' })).toBeVisible();
    await expectOnlyTheCheck(page, api, 'on the Replies page');
  });

  test('a server that sends no parent_id with a post (Draft 4’s get-post): the reply is still counted within about a minute, from the replies your post lists', async ({ app, mockApi, openPage }) => {
    await mockApi.setOptions({ draftOnly: true });
    const { status, body } = await mockApi.fetchJson<{ post: Record<string, unknown> }>('v2/post/6', { headers: { Authorization: `Bearer ${TOKENS.ada}` } });
    expect(status).toBe(200);
    expect(body.post, 'the server still sends parent_id: the test would prove nothing').not.toHaveProperty('parent_id');
    const { page, api, nav } = await signedInOnTheClock(app, mockApi, openPage);
    await api.quiet(Date.now(), 2 * LONG_QUIET_MS);

    // Mid-way between two checks, as a reply usually comes.
    await advanceClock(page, api, 30_000);
    const content = `Chen answers a strict server at ${Date.now()}`;
    const replyId = await replyAs(mockApi, TOKENS.chen, ADA_NEWEST_POST, content);
    const counted = nav.getByRole('link', { name: 'Replies, 1 new' });
    const waited = await clockUntilVisible(page, api, counted);
    test.info().annotations.push({ type: 'delay until counted (page clock)', description: `${waited / 1000} s` });
    await expect(counted).toBeVisible();
    expect(waited, 'counted within about a minute of the reply').toBeLessThanOrEqual(65_000);

    await counted.click();
    const item = page.getByRole('list', { name: 'Replies, newest first' }).getByRole('listitem').filter({ hasText: content });
    await expect(item).toBeVisible();
    // The post it answers, known from that post's replies, not from the reply.
    await expect(item.getByRole('link', { name: seedPost(ADA_NEWEST_POST).content })).toBeVisible();
    await expect(item.getByRole('link', { name: 'Open the thread' })).toHaveAttribute('href', `#/post/${replyId}`);
  });

  test('the Replies page, reached by clicking on a new browser, lists the replies among the posts read and looks further back when asked', async ({ app, openPage }) => {
    const { page } = await openPage();
    await openSignedIn(page, TOKENS.ada, { url: app.at() });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Replies', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Replies to you' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Replies, newest first' });
    // Chen's 70 answers ada's 69, among the newest posts; chen's 18 answers her first post.
    const recent = list.getByRole('listitem').filter({ hasText: seedPost(70).content });
    await expect(recent).toBeVisible();
    await expect(recent.getByRole('link', { name: seedPost(69).content })).toHaveAttribute('href', '#/post/69');
    await expect(page.getByText(/^Looked for replies in the newest \d+ posts\.$/)).toBeVisible();
    const old = list.getByRole('listitem').filter({ hasText: seedPost(18).content });
    await expect(old).toHaveCount(0);

    const further = page.getByRole('button', { name: 'Look further back' });
    const looked = page.getByText(/^Looked for replies in (the newest|all) \d+ posts\.$/);
    const lookedCount = async () => ((await looked.count()) === 1 ? Number(/\d+/.exec((await looked.textContent()) ?? '')?.[0]) : 0);
    for (let presses = 0; (await old.count()) === 0; presses += 1) {
      expect(presses, 'post 18 not reached in three pages').toBeLessThan(3);
      const before = await lookedCount();
      await further.focus();
      await page.keyboard.press('Enter');
      await expect.poll(lookedCount, 'more posts looked through').toBeGreaterThan(before);
      // The button kept the focus while the page loaded.
      if (await further.isVisible()) await expect(further).toBeFocused();
    }
    await expect(old).toBeVisible();
    await expect(old.getByText('New', { exact: true })).toHaveCount(0);
  });

  test('on an Arabic phone, the line of an English post answered keeps its start and loses its end', async ({ app, openPage }) => {
    const { page, context } = await openPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await context.addInitScript(
      ({ keys, token }) => {
        sessionStorage.setItem(keys.token, token);
        localStorage.setItem(keys.language, 'ar');
      },
      { keys: STORAGE_KEYS, token: TOKENS.ada },
    );
    await page.goto(app.at('#/replies'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Dalia's 56 answers ada's 55, whose first line is too long for the phone.
    const title = seedPost(55).content.split('\n')[0]!;
    const link = page.getByRole('listitem').filter({ hasText: seedPost(56).content }).getByRole('link', { name: title });
    await expect(link).toBeVisible();
    // The line ("In reply to" and the title), and the title's text as laid out, clipped or not.
    const { line, textWidth } = await link.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { left, right, width } = element.parentElement!.getBoundingClientRect();
      return { line: { left, right, width }, textWidth: range.getBoundingClientRect().width };
    });
    expect(textWidth, 'the title fits: the test proves nothing').toBeGreaterThan(line.width);
    // Its first letter is drawn inside the line, at its left end (the title is left to right): the start shows, the end is cut.
    const chars = await charactersAsDrawn(link);
    expect(chars[0]!.char).toBe(title[0]);
    expect(chars[0]!.x).toBeGreaterThan(line.left);
    expect(chars[0]!.x).toBeLessThan(line.left + 20);
  });
});
