// Layout shifts of a signed-in first visit to the feed as Lighthouse's mobile run sees them: its
// phone (412×823 at DPR 1.75, touch, a mobile user agent), 4× CPU and slow 4G, a fresh context, the
// token in sessionStorage before the app starts. A review reported Lighthouse CLS 0.067 on the feed
// while the first-load phone check (a bare 412×823 viewport) saw none; this check runs under
// Lighthouse's emulation so the two measure the same page. Checked against builds with a shift put
// back on purpose: it reports the same value and elements as Lighthouse's layout-shifts audit.
import feed from '../../src/i18n/catalogs/en/feed.json' with { type: 'json' };
import { expect, test } from './fixtures';
import {
  formatShifts,
  layoutShifts,
  LIGHTHOUSE_MOBILE,
  openSignedIn,
  recordLayoutShifts,
  STORAGE_KEYS,
  sumShifts,
  throttleLikeLighthouse,
  TOKENS,
  waitForQuiet,
} from './support';

/** Lighthouse's "good" is 0.1; the feed is held to this (the floor page scores 0). */
const CLS_BUDGET = 0.02;

test.describe('layout shift under Lighthouse’s mobile emulation', () => {
  test('a signed-in first visit to the feed shifts no more than 0.02 until it has settled', async ({ app, mockApi, openPage }) => {
    test.setTimeout(120_000);
    await mockApi.reset();
    const session = await openPage({ contextOptions: LIGHTHOUSE_MOBILE });
    const { page, context } = session;
    await context.addInitScript(
      ({ key, token }) => {
        sessionStorage.setItem(key, token);
      },
      { key: STORAGE_KEYS.token, token: TOKENS.ada },
    );
    await context.addInitScript(recordLayoutShifts);
    await throttleLikeLighthouse(page);
    await page.goto(app.url);
    await expect(page.getByRole('feed', { name: feed.listLabel }).getByRole('article').first()).toBeVisible({ timeout: 60_000 });
    const quiet = await waitForQuiet(page, { quietMs: 1_000, timeout: 30_000 });
    if (!quiet) test.info().annotations.push({ type: 'note', description: 'the page never stayed still for 1 s within 30 s: measured what had shifted by then' });
    const shifts = await layoutShifts(page);
    const cls = sumShifts(shifts);
    expect(cls, `CLS ${cls.toFixed(4)} over ${shifts.length} shift(s):${formatShifts(shifts)}`).toBeLessThanOrEqual(CLS_BUDGET);
  });
});

test.describe('layout shift of the feed’s footer (a desktop window, 1280×800)', () => {
  test('a first visit whose page below is slow: the footer waits under the fold, and nothing shifts when the page lands', async ({ app, mockApi, openPage }) => {
    await mockApi.reset();
    // The seed's head is 75, but a first visit opens on the highest post its search has read, 73,
    // alone (a first page of one), then reads the page below, 72 down to 53, and checks the 16 ids
    // above 73, where it finds 74 and 75 and offers them as "2 new posts". The page below's reads
    // are held until the footer has been looked at. They are told apart from the head's discovery by
    // when they come: once a post above 72 has been read (73), the discovery only ever asks above it.
    const { page, context } = await openPage();
    await context.addInitScript(recordLayoutShifts);
    const posts = mockApi.at('v2/post/');
    const idOf = (url: string) => (url.startsWith(posts) ? Number(url.slice(posts.length)) : NaN);
    let pageBelowHeld = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    page.on('response', (response) => {
      if (response.status() === 200 && idOf(response.url()) > 72) pageBelowHeld = true;
    });
    await page.route((url) => url.href.startsWith(posts), async (route) => {
      if (pageBelowHeld && route.request().method() === 'GET' && idOf(route.request().url()) <= 72) await released;
      await route.fallback();
    });
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    const list = page.getByRole('feed', { name: feed.listLabel });
    await expect(list).toHaveAttribute('data-painted', 'true');
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByRole('article').first()).toHaveAttribute('data-post-id', '73');
    await expect(page.locator('.feed-footer').getByRole('status')).toHaveText(feed.loadingMore);
    const footer = (await page.locator('.feed-footer').boundingBox())!;
    const height = page.viewportSize()!.height;
    expect(footer.y, `the footer starts at ${footer.y} px, in the ${height} px window: the page below would push it`).toBeGreaterThanOrEqual(height);

    // What a first visit's header may still do (its own budget is the test above) is done first:
    // from here on, only the page below arrives.
    await waitForQuiet(page, { quietMs: 1_000, timeout: 15_000 });
    const before = (await layoutShifts(page)).length;
    release();
    await expect(list.locator('article[data-post-id="72"]')).toBeAttached();
    // The offer of what the check above 73 found (it may wait for the page below: the page the
    // reader waits for goes first) floats over the posts: 73 stays on top, and nothing moves.
    await expect(page.getByRole('button', { name: '2 new posts' })).toBeVisible();
    await expect(list.getByRole('article').first()).toHaveAttribute('data-post-id', '73');
    await waitForQuiet(page, { quietMs: 1_000, timeout: 15_000 });
    const shifts = (await layoutShifts(page)).slice(before);
    expect(sumShifts(shifts), `shifts once the page below and the offer came:${formatShifts(shifts)}`).toBe(0);
  });
});
