// Languages in a real browser: the app in Arabic (from the browser's language) is a right-to-left page
// with no horizontal overflow and no serious axe violation on the feed, a thread, the composer and a
// profile; the layout is mirrored (skip link, post actions, notices, the back arrow); user text keeps
// dir="auto"; keyboard navigation of the windowed feed still works; the language chosen in Settings
// applies without a reload and survives one.
//
// The pages other than Settings may still show English text while their translations are written:
// these tests find things by role, structure and attribute, and read words only on the Settings page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appUrl,
  checkA11y,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  newPage,
  sharedBrowser,
  TOKENS,
  USER_IDS,
  waitUntil,
} from './browser.mjs';

const TIMEOUT = 15_000;
const WIDTHS = [360, 1280];

const browser = sharedBrowser({ resetMockFirst: true });

/** Opens a fresh page (clean storage) in `locale`, runs `fn`, then asserts the page logged no unexpected errors. */
async function withPage(locale, fn) {
  const session = await newPage(browser(), { contextOptions: { locale } });
  // Leaving the composer asks first when there is unsent text (window.confirm): a person would agree.
  session.page.on('dialog', (dialog) => void dialog.accept());
  try {
    await fn(session.page);
    assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
  } finally {
    await session.close();
  }
}

/** Signs in through the form, found by structure (its labels may be in any language), and waits for the feed. */
async function signIn(page, token) {
  await page.goto(appUrl());
  const field = page.locator('form.sign-in-form input[name="token"]');
  await field.waitFor({ state: 'visible', timeout: TIMEOUT });
  await field.fill(token);
  await page.locator('form.sign-in-form button[type="submit"]').click();
  await waitForFeed(page);
}

/** The feed shows loaded posts (no loading placeholders among the first ones). */
async function waitForFeed(page) {
  await page.locator('[role="feed"] article[data-post-id]').first().waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.waitForFunction(
    () => {
      const articles = [...document.querySelectorAll('[role="feed"] article')];
      return articles.length > 0 && articles.slice(0, 3).every((a) => a.getAttribute('aria-busy') !== 'true');
    },
    null,
    { timeout: TIMEOUT },
  );
}

/** Nothing on the page is still loading. */
async function waitForSettled(page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: TIMEOUT });
}

async function htmlLangDir(page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/**
 * Horizontal overflow at `width`: the page is not wider than the window, and no visible element sticks
 * out of it on either side (in a right-to-left page, what sticks out on the right is cut off rather
 * than scrollable, so scrollWidth alone would miss it). Elements inside a box that clips its
 * overflow, and visually hidden ones, are skipped: nothing of them can be seen outside.
 */
async function overflowAt(page, width) {
  await page.setViewportSize({ width, height: 800 });
  // Let the layout (and the windowed list's measurements) follow the new width.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const clips = (el) => {
      for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('.visually-hidden, [hidden], template, script, style')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left >= -1 && rect.right <= innerWidth + 1) continue;
      if (clips(el)) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
      outside.push(`${name} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`);
    }
    return { innerWidth, scrollWidth, outside: outside.slice(0, 10) };
  });
}

/** The checks every page gets in Arabic: lang/dir, no overflow at both widths, no serious axe violation. */
async function assertArabicPage(page, label) {
  assert.deepEqual(await htmlLangDir(page), { lang: 'ar', dir: 'rtl' }, `${label}: <html lang dir>`);
  for (const width of WIDTHS) {
    const { innerWidth, scrollWidth, outside } = await overflowAt(page, width);
    assert.ok(scrollWidth <= innerWidth, `${label} at ${width} px: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
    assert.deepEqual(outside, [], `${label} at ${width} px: elements outside the window`);
  }
  const { violations, report } = await checkA11y(page, { label: `${label} (ar)` });
  assert.equal(violations.length, 0, report);
}

/**
 * In a right-to-left page the layout is mirrored: the skip link shows at the top right when focused,
 * and an own post's actions sit at the end of its footer (the left), away from its replies count.
 */
async function assertMirrored(page, label, { ownPosts = false } = {}) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.skip-link').focus();
  const skip = await page.evaluate(() => {
    const rect = document.querySelector('.skip-link').getBoundingClientRect();
    return { left: rect.left, right: rect.right, width: document.documentElement.clientWidth };
  });
  assert.ok(skip.left > skip.width / 2 && skip.right > skip.width - 24, `${label}: the focused skip link should be at the top right: ${JSON.stringify(skip)}`);
  await page.locator('.skip-link').blur();
  if (!ownPosts) return;
  const footer = page.locator('article .post-footer').filter({ has: page.locator('.post-actions') }).first();
  await footer.waitFor({ state: 'visible', timeout: TIMEOUT });
  const placement = await footer.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const actions = el.querySelector('.post-actions').getBoundingClientRect();
    const replies = el.querySelector('.post-replies').getBoundingClientRect();
    return { footerLeft: box.left, footerRight: box.right, actionsLeft: actions.left, repliesRight: replies.right };
  });
  assert.ok(Math.abs(placement.repliesRight - placement.footerRight) <= 1, `${label}: the replies count should start the footer on the right: ${JSON.stringify(placement)}`);
  assert.ok(Math.abs(placement.actionsLeft - placement.footerLeft) <= 1, `${label}: the post's actions should end the footer on the left: ${JSON.stringify(placement)}`);
}

/** Every element of `selector` on the page has dir="auto" (and there is at least one). */
async function assertDirAuto(page, selector, label) {
  const dirs = await page.locator(selector).evaluateAll((elements) => elements.map((el) => el.getAttribute('dir')));
  assert.ok(dirs.length > 0, `${label}: no ${selector} on the page`);
  assert.deepEqual([...new Set(dirs)], ['auto'], `${label}: user text must keep dir="auto"`);
}

describe('languages', () => {
  test('in Arabic (the browser language): feed, thread, composer and profiles are right-to-left, fit, and pass axe', async () => {
    await withPage('ar', async (page) => {
      await signIn(page, TOKENS.ada);
      await assertArabicPage(page, 'feed');
      await assertMirrored(page, 'feed');
      await assertDirAuto(page, '[role="feed"] article .post-content', 'feed');

      await page.goto(appUrl('#/post/5'));
      await page.locator('article .post-content').first().waitFor({ state: 'visible', timeout: TIMEOUT });
      await waitForSettled(page);
      assert.ok((await page.locator('article').count()) >= 3, 'thread 5 should show its post and its 2 replies');
      await assertArabicPage(page, 'thread 5');
      await assertDirAuto(page, 'article .post-content', 'thread 5');

      await page.goto(appUrl('#/compose'));
      const box = page.locator('main textarea');
      await box.waitFor({ state: 'visible', timeout: TIMEOUT });
      assert.equal(await box.getAttribute('dir'), 'auto', 'the composer keeps dir="auto" for what is typed');
      await box.fill('مرحبا بالجميع، هذا منشور تجريبي.');
      await assertArabicPage(page, 'composer');
      await box.fill('');

      for (const [name, uuid] of [['ada', USER_IDS.ada], ['dalia', USER_IDS.dalia]]) {
        await page.goto(appUrl(`#/user/${uuid}`));
        await page.locator('main h1').first().waitFor({ state: 'visible', timeout: TIMEOUT });
        await waitForSettled(page);
        await assertArabicPage(page, `profile of ${name}`);
        await assertDirAuto(page, '.profile-bio', `profile of ${name}`);
        if (name === 'ada') await assertMirrored(page, 'profile of ada', { ownPosts: true });
      }
    });
  });

  test('in Arabic, the bar of a notice is on the right and the back arrow points right', async () => {
    await withPage('ar', async (page) => {
      await signIn(page, TOKENS.ada);
      // Post 12 is locked: the reply box gives way to a notice with a bar on its start side.
      await page.goto(appUrl('#/post/12'));
      const notice = page.locator('.notice.thread-replies-closed');
      await notice.waitFor({ state: 'visible', timeout: TIMEOUT });
      const borders = await notice.evaluate((el) => {
        const style = getComputedStyle(el);
        return { left: style.borderLeftWidth, right: style.borderRightWidth };
      });
      assert.deepEqual(borders, { left: '0px', right: '4px' }, 'the notice\'s bar should be on the right in Arabic');

      // Post 40 is deleted: "Back to the feed" with an arrow that points back, which is right in Arabic.
      await page.goto(appUrl('#/post/40'));
      const arrow = page.locator('.thread-not-found a .icon-directional');
      await arrow.waitFor({ state: 'visible', timeout: TIMEOUT });
      const [tip, tail] = await arrow.evaluate((svg) => {
        // The arrow's tip is the path's first point (x=5 of 24), its tail x=19: compare where they land on screen.
        const { left, width } = svg.getBoundingClientRect();
        const matrix = new DOMMatrix(getComputedStyle(svg).transform === 'none' ? undefined : getComputedStyle(svg).transform);
        const x = (unit) => left + width / 2 + matrix.a * ((unit / 24) * width - width / 2);
        return [x(5), x(19)];
      });
      assert.ok(tip > tail, `the back arrow should point right in Arabic (tip at ${tip}, tail at ${tail})`);
    });
  });

  test('in Arabic, j/k move through the windowed feed and its posts line up right to left', async () => {
    await withPage('ar', async (page) => {
      await signIn(page, TOKENS.ada);
      const focusedPost = () => page.evaluate(() => document.activeElement?.closest('[role="feed"] article')?.getAttribute('data-post-id') ?? null);
      const ids = [];
      for (let step = 0; step < 12; step += 1) {
        const before = ids.at(-1) ?? null;
        await page.keyboard.press('j');
        ids.push(await waitUntil(async () => {
          const id = await focusedPost();
          return id && id !== before ? id : null;
        }, { timeout: 5_000, message: `j (step ${step + 1}) to focus the next post` }));
      }
      for (let i = 1; i < ids.length; i += 1) {
        assert.ok(Number(ids[i]) < Number(ids[i - 1]), `j should go down the feed, newest first: ${ids.join(', ')}`);
      }
      // The focused post is on screen (the window scrolled with it) and starts at the feed's right edge.
      const placement = await page.evaluate(() => {
        const article = document.activeElement.closest('article');
        const feed = document.querySelector('[role="feed"]');
        const a = article.getBoundingClientRect();
        const f = feed.getBoundingClientRect();
        return { top: a.top, bottom: a.bottom, height: innerHeight, articleRight: a.right, feedRight: f.right };
      });
      assert.ok(placement.top < placement.height && placement.bottom > 0, `the focused post is off screen: ${JSON.stringify(placement)}`);
      assert.ok(Math.abs(placement.articleRight - placement.feedRight) <= 1, `the post does not start at the feed's right edge: ${JSON.stringify(placement)}`);

      await page.keyboard.press('k');
      await waitUntil(async () => (await focusedPost()) === ids.at(-2), { timeout: 5_000, message: `k to go back to ${ids.at(-2)}` });
    });
  });

  test('the language chosen in Settings applies without a reload, is remembered, and sets the direction', async () => {
    await withPage('en-GB', async (page) => {
      await signIn(page, TOKENS.ada);
      await page.goto(appUrl('#/settings'));
      await page.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await htmlLangDir(page), { lang: 'en', dir: 'ltr' });

      // A marker on window disappears with any reload: it must still be there after switching.
      await page.evaluate(() => {
        window.__languageTestMarker = 'same document';
      });
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('ar');
      await page.getByRole('heading', { level: 1, name: 'الإعدادات', exact: true }).waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await htmlLangDir(page), { lang: 'ar', dir: 'rtl' });
      assert.equal(await page.evaluate(() => window.__languageTestMarker), 'same document', 'switching the language reloaded the page');
      assert.equal(await page.evaluate(() => localStorage.getItem('social.language')), 'ar');
      await waitUntil(async () => (await page.title()).includes('الإعدادات'), { timeout: 5_000, message: 'the document title in Arabic' });

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'الإعدادات', exact: true }).waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await htmlLangDir(page), { lang: 'ar', dir: 'rtl' }, 'after a reload');
      assert.equal(await page.evaluate(() => window.__languageTestMarker), undefined, 'the page was not reloaded');
      const select = page.getByRole('combobox', { name: 'اللغة', exact: true });
      assert.equal(await select.inputValue(), 'ar', 'the select shows the remembered choice');

      await select.selectOption('pl');
      await page.getByRole('heading', { level: 1, name: 'Ustawienia', exact: true }).waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await htmlLangDir(page), { lang: 'pl', dir: 'ltr' });

      // "Automatic" goes back to the browser's language and forgets the choice.
      await page.getByRole('combobox', { name: 'Język', exact: true }).selectOption('auto');
      await page.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor({ timeout: TIMEOUT });
      assert.deepEqual(await htmlLangDir(page), { lang: 'en', dir: 'ltr' });
      assert.equal(await page.evaluate(() => localStorage.getItem('social.language')), null);
    });
  });
});
