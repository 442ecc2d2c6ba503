// Accessibility audit: axe-core on every page and its main states (errors, gates, dialogs), in the
// light and the dark color scheme, failing on a violation of ANY impact (minor and moderate too,
// not only serious/critical as the journey tests do). One signed-in page per scheme, walked from
// state to state, each state its own test so a failure names the page and scheme.
import type { Page } from '@playwright/test';
import appText from '../../src/i18n/catalogs/en/app.json' with { type: 'json' };
import auth from '../../src/i18n/catalogs/en/auth.json' with { type: 'json' };
import onDemand from '../../src/i18n/catalogs/en/later/onDemand.json' with { type: 'json' };
import blog from '../../src/i18n/catalogs/en/blog.json' with { type: 'json' };
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import post from '../../src/i18n/catalogs/en/post.json' with { type: 'json' };
import actions from '../../src/i18n/catalogs/en/later/actions.json' with { type: 'json' };
import profile from '../../src/i18n/catalogs/en/later/profile.json' with { type: 'json' };
import mute from '../../src/i18n/catalogs/en/later/mute.json' with { type: 'json' };
import replies from '../../src/i18n/catalogs/en/later/replies.json' with { type: 'json' };
import settings from '../../src/i18n/catalogs/en/later/settings.json' with { type: 'json' };
import thread from '../../src/i18n/catalogs/en/later/thread.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { seedPost, seedUser } from './journeys';
import { checkA11y, expectSettled, newPage, signIn, TOKENS, USER_IDS, waitForFeed, type A11yOptions, type PageSession, storedAccountData } from './support';

/** Fails with axe's report if the page has any violation, whatever its impact. */
async function expectNoViolations(page: Page, label: string, options: A11yOptions = {}) {
  const { violations, report } = await checkA11y(page, { label, impacts: 'all', ...options });
  expect(violations, report).toEqual([]);
}

// The two schemes share nothing (each its own page, and in parallel each its own worker, mock and
// app), so they run side by side; the states of one scheme are walked in order on its one page, each
// test starting where the previous one left it: a failed state skips the rest of its scheme.
test.describe.configure({ mode: 'parallel' });

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility audit, ${colorScheme} scheme`, () => {
    test.describe.configure({ mode: 'serial' });

    let session: PageSession;
    let page: Page;
    const label = (what: string) => `${what} (${colorScheme})`;

    test.beforeAll(async ({ browser, mockApi }) => {
      await mockApi.reset();
      session = await newPage(browser, { colorScheme });
      page = session.page;
      // Leaving the composer with unsent text asks first (window.confirm): a person would agree.
      page.on('dialog', (dialog) => void dialog.accept());
    });
    test.afterAll(async ({ mockApi }) => {
      await session?.close();
      await mockApi.setFaults({ rate: 0 });
    });

    test('home, signed out', async ({ app }) => {
      await page.goto(app.url);
      await expect(page.getByLabel(auth.tokenLabel)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: appText.welcomeTitle })).toBeVisible();
      await expect(page.getByRole('complementary', { name: blog.latest })).toBeVisible();
      const scheme = await page.evaluate((name) => matchMedia(`(prefers-color-scheme: ${name})`).matches, colorScheme);
      expect(scheme, `the page does not see prefers-color-scheme: ${colorScheme}`).toBe(true);
      await expectNoViolations(page, label('home, signed out'));
    });

    test('sign-in with a wrong token', async () => {
      await page.getByLabel(auth.tokenLabel).fill('tok-not-a-real-token');
      await page.getByRole('button', { name: auth.signIn, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: onDemand.tokenRefused })).toBeVisible();
      await expectNoViolations(page, label('sign-in with an error'));
    });

    test('feed', async () => {
      await signIn(page, TOKENS.ada);
      await waitForFeed(page);
      await expect(page.getByRole('link', { name: /^Your profile: Ada Lovelace/ })).toBeVisible();
      await expectNoViolations(page, label('feed'));
    });

    test('shortcuts dialog open', async () => {
      await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().focus();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      await expectNoViolations(page, label('shortcuts dialog'));
      await page.keyboard.press('Escape');
      await expect(help).toHaveCount(0);
    });

    test('thread with replies', async ({ app }) => {
      await page.goto(app.at('#/post/5'));
      await expect(page.getByRole('article').filter({ hasText: 'Poll: what is your favourite text editor?' }).first()).toBeVisible();
      await expectSettled(page);
      await expect(page.getByRole('heading', { name: '2 replies' })).toBeVisible();
      await expectNoViolations(page, label('thread 5'));
    });

    test('thread with an nsfw post still hidden', async ({ app }) => {
      await page.goto(app.at('#/post/15'));
      const article = page.getByRole('article').first();
      await expect(article.getByText(post.sensitiveNotice).first()).toBeVisible();
      await expectSettled(page);
      await expect(article.getByRole('button', { name: post.showPost })).toBeVisible();
      await expectNoViolations(page, label('thread 15, nsfw hidden'));
    });

    test('locked thread (replies closed)', async ({ app }) => {
      await page.goto(app.at('#/post/12'));
      await expect(page.getByText(thread.repliesClosed).first()).toBeVisible();
      await expectSettled(page);
      await expect(page.getByText('Thanks for the heads-up!')).toBeVisible();
      await expectNoViolations(page, label('thread 12, locked'));
    });

    test('delete confirmation dialog open', async () => {
      // Post 12 is ada's own: its card offers Delete. The dialog is cancelled, nothing is deleted.
      const article = page.getByRole('article').first();
      await article.getByRole('button', { name: actions.delete, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: actions.deleteTitle });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, label('delete dialog'));
      await dialog.getByRole('button', { name: actions.cancel, exact: true }).click();
      await expect(dialog).toHaveCount(0);
    });

    test('thread of a deleted post', async ({ app }) => {
      // 31–48 are deleted in the seed: the thread answers 404.
      await page.goto(app.at('#/post/40'));
      await expect(page.getByText(thread.notFound).first()).toBeVisible();
      await expectSettled(page);
      await expectNoViolations(page, label('thread 40, deleted'));
    });

    test('composer with a validation error (blank submit)', async ({ app }) => {
      await page.goto(app.at('#/compose'));
      const box = page.getByLabel(compose.contentLabel);
      await expect(box).toBeVisible();
      await page.getByRole('button', { name: compose.post, exact: true }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(box, 'the blank text box should be marked invalid').toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, label('composer, validation error'));
    });

    test('composer with a server error', async ({ mockApi }) => {
      const box = page.getByLabel(compose.contentLabel);
      await box.fill(`An audit post that the server refuses (${colorScheme})`);
      const form = page.getByRole('form', { name: compose.writePost });
      const refused = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url() === mockApi.at('/v2/post'), {
        timeout: 15_000,
      });
      refused.catch(() => {}); // awaited below; never an unhandled rejection if the click fails first
      await mockApi.setFaults({ rate: 1, kinds: ['500'] });
      try {
        await form.getByRole('button', { name: compose.post, exact: true }).click();
        expect((await refused).status()).toBe(500);
      } finally {
        await mockApi.setFaults({ rate: 0 });
      }
      // The submit button offers to send again once the failure is shown (and is no longer busy).
      const submit = form.locator('button[type="submit"]');
      const again = [compose.retry, compose.sendAgain, compose.sendAnyway].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      await expect(submit).toHaveText(new RegExp(`^\\s*(${again.join('|')})\\s*$`));
      await expect(submit).not.toHaveAttribute('aria-busy', 'true');
      await expect(form.getByRole('alert')).toBeVisible();
      await expectNoViolations(page, label('composer, server error'));
      // Leave no draft behind (and no leave-guard on the next page).
      await box.fill('');
    });

    test('profile (ada)', async ({ app }) => {
      await page.goto(app.at(`#/user/${USER_IDS.ada}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace', exact: true })).toBeVisible();
      await expectSettled(page);
      await expectNoViolations(page, label('profile of ada'));
    });

    test('profile marked nsfw, still gated (bram_stoker)', async ({ app }) => {
      await page.goto(app.at(`#/user/${USER_IDS.bram}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Bram', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: profile.gateReveal })).toBeVisible();
      await expectSettled(page);
      await expectNoViolations(page, label('profile of bram, gated'));
    });

    test('profile edit with a field error', async ({ app }) => {
      await page.goto(app.at('#/profile/edit'));
      const avatar = page.getByLabel(profile.avatarUrl);
      await expect(avatar).toBeVisible();
      // Refused at the field, never sent.
      await avatar.fill('javascript:alert(1)');
      await page.getByRole('button', { name: profile.save }).click();
      await expect(page.getByRole('alert').filter({ hasText: profile.urlInvalid })).toBeVisible();
      await expectNoViolations(page, label('profile edit, field error'));
    });

    test('settings', async ({ app }) => {
      await page.goto(app.at('#/settings'));
      await expect(page.getByRole('heading', { level: 1, name: settings.title })).toBeVisible();
      await expectNoViolations(page, label('settings'));
    });

    test('settings with muted words and accounts, and a refused word', async () => {
      const field = page.getByRole('textbox', { name: mute.wordLabel });
      await field.fill('engine');
      await field.press('Enter');
      await field.fill('ENGINE');
      await field.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: '“ENGINE”' })).toBeVisible();
      await field.fill('');
      await expectNoViolations(page, label('settings, muting'));
    });

    test('profile of a muted account (chen_w), and a thread with a muted reply folded', async ({ app }) => {
      await page.goto(app.at(`#/user/${USER_IDS.chen}`));
      await page.getByRole('button', { name: 'Mute @\u2068chen_w\u2069' }).first().click();
      await expect(page.getByRole('note')).toBeVisible();
      await expectSettled(page);
      await expectNoViolations(page, label('profile of a muted account'));
      // 9, chen_w's reply to post 5, folds.
      await page.goto(app.at('#/post/5'));
      await expect(page.getByText(mute.replyFromMuted)).toBeVisible();
      await expectSettled(page);
      await expectNoViolations(page, label('thread with a muted reply folded'));
      await page.getByRole('button', { name: 'Show the reply from @\u2068chen_w\u2069' }).click();
      await page.getByRole('button', { name: 'Unmute @\u2068chen_w\u2069' }).first().click();
      await page.goto(app.at('#/settings'));
      await page.getByRole('button', { name: 'Remove muted word “engine”' }).click();
      await expect(page.getByText(mute.wordsEmpty)).toBeVisible();
    });

    test('replies: the header with one unseen, and the Replies page', async ({ app, mockApi }) => {
      // ada's first time here is over (her baseline taken), so a new reply counts.
      await expect
        .poll(async () => (JSON.parse((await storedAccountData(page, 'ada', 'replies')) ?? 'null') as { baseline?: boolean } | null)?.baseline)
        .toBe(false);
      const { body } = await mockApi.fetchJson<{ post: { id: string } }>('v2/post', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKENS.chen}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'A reply for the audit', parent_id: 75 }),
      });
      // The reply's thread reads it (the feed's check for new posts would within a minute).
      await page.goto(app.at(`#/post/${body.post.id}`));
      const link = page.getByRole('navigation', { name: appText.mainNav }).getByRole('link', { name: 'Replies, 1 new' });
      await expect(link).toBeVisible();
      await expectNoViolations(page, label('header with an unseen reply'));
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: replies.title })).toBeVisible();
      await expect(page.getByRole('link', { name: replies.openThread }).first()).toBeVisible();
      // How far back it looked, and the button to look further (src/features/replies/components/replies-look-back.tsx).
      await expect(page.getByRole('button', { name: replies.lookFurther })).toBeVisible();
      await expectNoViolations(page, label('replies'));
    });

    // Its own page: a tab signed in straight into someone else's thread, before it has ever shown the
    // feed, so the header does not know the own profile yet (it shows the handle alone).
    test('thread signed into straight, the own profile not yet known', async ({ app, browser }) => {
      const fresh = await newPage(browser, { colorScheme });
      try {
        await fresh.page.goto(app.at('#/post/2'));
        await signIn(fresh.page, TOKENS.ada);
        await expect(fresh.page.getByRole('article').filter({ hasText: seedPost(2).content }).first()).toBeVisible();
        await expectSettled(fresh.page);
        await expect(fresh.page.getByRole('banner').getByLabel(/^Signed in as/).getByText(`@${seedUser('ada').username}`)).toBeVisible();
        await expectNoViolations(fresh.page, label('thread 2, own profile not yet known'));
      } finally {
        await fresh.close();
      }
    });

    test('page not found', async ({ app }) => {
      await page.goto(app.at('#/no-such-page'));
      await expect(page.getByRole('heading', { level: 1, name: appText.notFoundTitle })).toBeVisible();
      await expectNoViolations(page, label('page not found'));
    });

    test('no such user', async ({ app }) => {
      await page.goto(app.at('#/user/no-such-uuid'));
      await expect(page.getByRole('heading', { level: 1, name: profile.noSuchUser })).toBeVisible();
      await expect(page.getByRole('link', { name: appText.goToFeed })).toBeVisible();
      await expectNoViolations(page, label('no such user'));
    });
  });
}
