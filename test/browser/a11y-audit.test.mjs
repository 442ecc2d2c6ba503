// Accessibility audit: axe-core on every page and its main states (errors, gates, dialogs), in the
// light and the dark color scheme, failing on a violation of ANY impact (minor and moderate too,
// not only serious/critical as the journey tests do). One browser; one signed-in page per scheme,
// walked from state to state, each state its own test so a failure names the page and scheme.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  appUrl,
  checkA11y,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  mockApiUrl,
  newPage,
  setFaults,
  sharedBrowser,
  signIn,
  TOKENS,
  USER_IDS,
} from './browser.mjs';

const TIMEOUT = 15_000;

const browser = sharedBrowser({ resetMockFirst: true });
after(async () => {
  await setFaults({ rate: 0 }).catch(() => {});
});

/** Fails with axe's report if the page has any violation, whatever its impact. */
async function assertNoViolations(page, label, options = {}) {
  const { violations, report } = await checkA11y(page, { label, impacts: 'all', ...options });
  assert.equal(violations.length, 0, report);
}

/** The feed shows loaded posts (no loading placeholders among the first ones). */
async function waitForFeed(page) {
  await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: TIMEOUT });
  await page.waitForFunction(
    () => {
      const articles = [...document.querySelectorAll('[role="feed"] article')];
      return articles.length > 0 && articles.slice(0, 3).every((a) => a.getAttribute('aria-busy') !== 'true');
    },
    null,
    { timeout: TIMEOUT },
  );
}

/** The thread's post is shown (found by `text`, or by its gate) and no reply is still loading. */
async function waitForThread(page, locator) {
  await locator.first().waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: TIMEOUT });
}

/** Opens a hash route of the app (a same-document navigation: the session and its caches stay). */
async function go(page, hash) {
  await page.goto(appUrl(hash));
}

for (const colorScheme of ['light', 'dark']) {
  describe(`accessibility audit, ${colorScheme} scheme`, () => {
    /** @type {Awaited<ReturnType<typeof newPage>>} */
    let session;
    let page;
    const label = (what) => `${what} (${colorScheme})`;

    before(async () => {
      session = await newPage(browser(), { colorScheme });
      page = session.page;
      // Leaving the composer with unsent text asks first (window.confirm): a person would agree.
      page.on('dialog', (dialog) => void dialog.accept());
    });
    after(async () => {
      await session?.close();
    });

    test('home, signed out', async () => {
      await go(page, '');
      await page.getByLabel('API token').waitFor({ timeout: TIMEOUT });
      await page.getByRole('heading', { level: 1, name: 'Welcome to Social' }).waitFor();
      await page.getByRole('complementary', { name: 'Latest from the blog' }).waitFor({ timeout: TIMEOUT });
      const scheme = await page.evaluate((name) => matchMedia(`(prefers-color-scheme: ${name})`).matches, colorScheme);
      assert.ok(scheme, `the page does not see prefers-color-scheme: ${colorScheme}`);
      await assertNoViolations(page, label('home, signed out'));
    });

    test('sign-in with a wrong token', async () => {
      await page.getByLabel('API token').fill('tok-not-a-real-token');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'did not accept this token' }).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, label('sign-in with an error'));
    });

    test('feed', async () => {
      await signIn(page, TOKENS.ada);
      await waitForFeed(page);
      await page.getByRole('link', { name: /^Your profile: Ada Lovelace/ }).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, label('feed'));
    });

    test('shortcuts dialog open', async () => {
      await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().focus();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      await assertNoViolations(page, label('shortcuts dialog'));
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
    });

    test('thread with replies', async () => {
      await go(page, '#/post/5');
      await waitForThread(page, page.getByRole('article').filter({ hasText: 'Poll: what is your favourite text editor?' }));
      await page.getByRole('heading', { name: '2 replies' }).waitFor();
      await assertNoViolations(page, label('thread 5'));
    });

    test('thread with an nsfw post still hidden', async () => {
      await go(page, '#/post/15');
      const post = page.getByRole('article').first();
      await waitForThread(page, post.getByText('This post is marked as sensitive.'));
      await post.getByRole('button', { name: 'Show post' }).waitFor();
      await assertNoViolations(page, label('thread 15, nsfw hidden'));
    });

    test('locked thread (replies closed)', async () => {
      await go(page, '#/post/12');
      await waitForThread(page, page.getByText('Replies are closed: this post is locked.'));
      await page.getByText('Thanks for the heads-up!').waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, label('thread 12, locked'));
    });

    test('delete confirmation dialog open', async () => {
      // Post 12 is ada's own: its card offers Delete. The dialog is cancelled, nothing is deleted.
      const post = page.getByRole('article').first();
      await post.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
      await dialog.waitFor();
      await assertNoViolations(page, label('delete dialog'));
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    test('thread of a deleted post', async () => {
      // 31–48 are deleted in the seed: the thread answers 404.
      await go(page, '#/post/40');
      await waitForThread(page, page.getByText('This post was deleted or never existed.'));
      await assertNoViolations(page, label('thread 40, deleted'));
    });

    test('composer with a validation error (blank submit)', async () => {
      await go(page, '#/compose');
      const box = page.getByLabel('What do you want to say?');
      await box.waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      assert.equal(await box.getAttribute('aria-invalid'), 'true', 'the blank text box should be marked invalid');
      await assertNoViolations(page, label('composer, validation error'));
    });

    test('composer with a server error', async () => {
      const box = page.getByLabel('What do you want to say?');
      await box.fill(`An audit post that the server refuses (${colorScheme})`);
      const form = page.getByRole('form', { name: 'Write a post' });
      const refused = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url() === mockApiUrl('/v2/post'),
        { timeout: TIMEOUT },
      );
      refused.catch(() => {}); // awaited below; never an unhandled rejection if the click fails first
      await setFaults({ rate: 1, kinds: ['500'] });
      try {
        await form.getByRole('button', { name: 'Post', exact: true }).click();
        assert.equal((await refused).status(), 500);
      } finally {
        await setFaults({ rate: 0 });
      }
      const submit = form.locator('button[type="submit"]');
      await page.waitForFunction(
        (el) => el && el.getAttribute('aria-busy') !== 'true' && /^(Retry|Send again|Send anyway)$/.test(el.textContent.trim()),
        await submit.elementHandle(),
        { timeout: TIMEOUT },
      );
      await form.getByRole('alert').waitFor();
      await assertNoViolations(page, label('composer, server error'));
      // Leave no draft behind (and no leave-guard on the next page).
      await box.fill('');
    });

    test('profile (ada)', async () => {
      await go(page, `#/user/${USER_IDS.ada}`);
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace', exact: true }).waitFor({ timeout: TIMEOUT });
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: TIMEOUT });
      await assertNoViolations(page, label('profile of ada'));
    });

    test('profile marked nsfw, still gated (bram_stoker)', async () => {
      await go(page, `#/user/${USER_IDS.bram}`);
      await page.getByRole('heading', { level: 1, name: 'Bram', exact: true }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Show profile details' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: TIMEOUT });
      await assertNoViolations(page, label('profile of bram, gated'));
    });

    test('profile edit with a field error', async () => {
      await go(page, '#/profile/edit');
      const avatar = page.getByLabel('Avatar URL');
      await avatar.waitFor({ timeout: TIMEOUT });
      // Refused at the field, never sent.
      await avatar.fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByRole('alert').filter({ hasText: 'Use an http:// or https:// address' }).waitFor();
      await assertNoViolations(page, label('profile edit, field error'));
    });

    test('settings', async () => {
      await go(page, '#/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, label('settings'));
    });

    test('page not found', async () => {
      await go(page, '#/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: TIMEOUT });
      await assertNoViolations(page, label('page not found'));
    });

    test('the page logged no unexpected errors', () => {
      assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
    });
  });
}
