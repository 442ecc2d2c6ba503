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
