// Languages in a real browser: the app in Arabic (from the browser's language) is a right-to-left page
// with no horizontal overflow and no serious axe violation on the feed, a thread, the composer and a
// profile; the layout is mirrored (skip link, post actions, notices, the back arrow); user text keeps
// dir="auto"; keyboard navigation of the windowed feed still works; the language chosen in Settings
// applies without a reload and survives one.
//
// The pages other than Settings may still show English text while their translations are written:
// these tests find things by role, structure and attribute, and read words only on the Settings page.
import type { Page } from '@playwright/test';
import arSettings from '../../src/i18n/catalogs/ar/later/settings.json' with { type: 'json' };
import enSettings from '../../src/i18n/catalogs/en/later/settings.json' with { type: 'json' };
import plSettings from '../../src/i18n/catalogs/pl/later/settings.json' with { type: 'json' };
import { expect, test, type OpenPage } from './fixtures';
import { checkA11y, expectSettled, openSignedIn, showNewest, STORAGE_KEYS, TOKENS, USER_IDS, waitForFeed, waitForFeedList } from './support';

const WIDTHS = [360, 1280];

/** A marker on window that any reload wipes. */
type MarkedWindow = Window & { __languageTestMarker?: string };

// The tests share nothing (each its own page; none changes the mock's data), so they spread over the
// workers; each worker resets its own mock to the seed they read first.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
});

/** Opens a fresh page (clean storage) in `locale`, runs `fn`, then expects the page to have logged no unexpected errors. */
async function withPage(openPage: OpenPage, locale: string, fn: (page: Page) => Promise<void>) {
  const session = await openPage({ contextOptions: { locale } });
  // Leaving the composer asks first when there is unsent text (window.confirm): a person would agree.
  session.page.on('dialog', (dialog) => void dialog.accept());
  await fn(session.page);
}

/** Opens `url` signed in (stored, not through the form: its labels may be in any language), and waits for the feed. */
async function signIn(page: Page, url: string, token: string) {
  await openSignedIn(page, token, { url, waitForSignOut: false });
  await waitForFeed(page);
}

async function htmlLangDir(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/**
 * Horizontal overflow at `width`: the page is not wider than the window, and no visible element sticks
 * out of it on either side (in a right-to-left page, what sticks out on the right is cut off rather
 * than scrollable, so scrollWidth alone would miss it). Elements inside a box that clips its
 * overflow, and visually hidden ones, are skipped: nothing of them can be seen outside.
 */
async function overflowAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  // Let the layout (and the windowed list's measurements) follow the new width: two frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const clips = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside: string[] = [];
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
async function expectArabicPage(page: Page, label: string) {
  expect(await htmlLangDir(page), `${label}: <html lang dir>`).toEqual({ lang: 'ar', dir: 'rtl' });
  for (const width of WIDTHS) {
    const { innerWidth, scrollWidth, outside } = await overflowAt(page, width);
    expect(scrollWidth, `${label} at ${width} px: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
    expect(outside, `${label} at ${width} px: elements outside the window`).toEqual([]);
  }
  const { violations, report } = await checkA11y(page, { label: `${label} (ar)` });
  expect(violations, report).toEqual([]);
}

/**
 * In a right-to-left page the layout is mirrored: the skip link shows at the top right when focused,
 * and an own post's actions sit at the end of its footer (the left), away from its replies count.
 */
async function expectMirrored(page: Page, label: string, { ownPosts = false } = {}) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const skipLink = page.locator('.skip-link');
  await skipLink.focus();
  const skip = await skipLink.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return { left: rect.left, right: rect.right, width: document.documentElement.clientWidth };
  });
  expect(skip.left > skip.width / 2 && skip.right > skip.width - 24, `${label}: the focused skip link should be at the top right: ${JSON.stringify(skip)}`).toBe(true);
  await skipLink.blur();
  if (!ownPosts) return;
  const footer = page.locator('article .post-footer').filter({ has: page.locator('.post-actions') }).first();
  await expect(footer).toBeVisible();
  const placement = await footer.evaluate((el) => {
    const rectOf = (selector: string) => {
      const found = el.querySelector(selector);
      if (!found) throw new Error(`no ${selector} in the post's footer`);
      return found.getBoundingClientRect();
    };
    const box = el.getBoundingClientRect();
    return { footerLeft: box.left, footerRight: box.right, actionsLeft: rectOf('.post-actions').left, repliesRight: rectOf('.post-replies').right };
  });
  expect(Math.abs(placement.repliesRight - placement.footerRight), `${label}: the replies count should start the footer on the right: ${JSON.stringify(placement)}`).toBeLessThanOrEqual(1);
  expect(Math.abs(placement.actionsLeft - placement.footerLeft), `${label}: the post's actions should end the footer on the left: ${JSON.stringify(placement)}`).toBeLessThanOrEqual(1);
}

/** Every element of `selector` on the page has dir="auto" (and there is at least one). */
async function expectDirAuto(page: Page, selector: string, label: string) {
  const dirs = await page.locator(selector).evaluateAll((elements) => elements.map((el) => el.getAttribute('dir')));
  expect(dirs.length, `${label}: no ${selector} on the page`).toBeGreaterThan(0);
  expect([...new Set(dirs)], `${label}: user text must keep dir="auto"`).toEqual(['auto']);
}

test.describe('languages', () => {
  test('in Arabic (the browser language): feed, thread, composer and profiles are right-to-left, fit, and pass axe', async ({ app, openPage }) => {
    await withPage(openPage, 'ar', async (page) => {
      await signIn(page, app.url, TOKENS.ada);
      await expectArabicPage(page, 'feed');
      await expectMirrored(page, 'feed');
      await expectDirAuto(page, '[role="feed"] article .post-content', 'feed');

      await page.goto(app.at('#/post/5'));
      await expect(page.locator('article .post-content').first()).toBeVisible();
      await expectSettled(page);
      await expect.poll(() => page.locator('article').count(), { message: 'thread 5 should show its post and its 2 replies' }).toBeGreaterThanOrEqual(3);
      await expectArabicPage(page, 'thread 5');
      await expectDirAuto(page, 'article .post-content', 'thread 5');

      await page.goto(app.at('#/compose'));
      const box = page.locator('main textarea');
      await expect(box).toBeVisible();
      await expect(box, 'the composer keeps dir="auto" for what is typed').toHaveAttribute('dir', 'auto');
      await box.fill('مرحبا بالجميع، هذا منشور تجريبي.');
      await expectArabicPage(page, 'composer');
      await box.fill('');

      for (const [name, uuid] of [
        ['ada', USER_IDS.ada],
        ['dalia', USER_IDS.dalia],
      ] as const) {
        await page.goto(app.at(`#/user/${uuid}`));
        await expect(page.locator('main h1').first()).toBeVisible();
        await expectSettled(page);
        await expectArabicPage(page, `profile of ${name}`);
        await expectDirAuto(page, '.profile-bio', `profile of ${name}`);
        if (name === 'ada') await expectMirrored(page, 'profile of ada', { ownPosts: true });
      }
    });
  });

  test('in Arabic, the bar of a notice is on the right and the back arrow points right', async ({ app, openPage }) => {
    await withPage(openPage, 'ar', async (page) => {
      await signIn(page, app.url, TOKENS.ada);
      // Post 12 is locked: the reply box gives way to a notice with a bar on its start side.
      await page.goto(app.at('#/post/12'));
      const notice = page.locator('.notice.thread-replies-closed');
      await expect(notice).toBeVisible();
      await expect(notice, "the notice's bar should be on the right in Arabic").toHaveCSS('border-left-width', '0px');
      await expect(notice, "the notice's bar should be on the right in Arabic").toHaveCSS('border-right-width', '4px');

      // Post 40 is deleted: "Go to the feed" with an arrow that points back, which is right in Arabic.
      await page.goto(app.at('#/post/40'));
      const arrow = page.locator('.not-found a .icon-directional');
      await expect(arrow).toBeVisible();
      const [tip, tail] = await arrow.evaluate((svg) => {
        // The arrow's tip is the path's first point (x=5 of 24), its tail x=19: compare where they land on screen.
        const { left, width } = svg.getBoundingClientRect();
        const { transform } = getComputedStyle(svg);
        const matrix = new DOMMatrix(transform === 'none' ? undefined : transform);
        const x = (unit: number) => left + width / 2 + matrix.a * ((unit / 24) * width - width / 2);
        return [x(5), x(19)] as const;
      });
      expect(tip, `the back arrow should point right in Arabic (tip at ${tip}, tail at ${tail})`).toBeGreaterThan(tail);
    });
  });

  test('in Arabic, j/k move through the windowed feed and its posts line up right to left', async ({ app, openPage }) => {
    await withPage(openPage, 'ar', async (page) => {
      await signIn(page, app.url, TOKENS.ada);
      await waitForFeedList(page);
      const focusedPost = () => page.evaluate(() => document.activeElement?.closest('[role="feed"] article')?.getAttribute('data-post-id') ?? null);
      const ids: string[] = [];
      for (let step = 0; step < 12; step += 1) {
        const before = ids.at(-1) ?? null;
        await page.keyboard.press('j');
        await expect
          .poll(async () => {
            const id = await focusedPost();
            return id !== null && id !== before;
          }, { message: `j (step ${step + 1}) to focus the next post` })
          .toBe(true);
        ids.push((await focusedPost()) ?? '');
      }
      for (let i = 1; i < ids.length; i += 1) {
        expect(Number(ids[i]) < Number(ids[i - 1]), `j should go down the feed, newest first: ${ids.join(', ')}`).toBe(true);
      }
      // The focused post is on screen (the window scrolled with it) and starts at the feed's right edge.
      const placement = await page.evaluate(() => {
        const article = document.activeElement?.closest('article');
        const feed = document.querySelector('[role="feed"]');
        if (!article || !feed) throw new Error('no focused post in the feed');
        const a = article.getBoundingClientRect();
        const f = feed.getBoundingClientRect();
        return { top: a.top, bottom: a.bottom, height: innerHeight, articleRight: a.right, feedRight: f.right };
      });
      expect(placement.top < placement.height && placement.bottom > 0, `the focused post is off screen: ${JSON.stringify(placement)}`).toBe(true);
      expect(Math.abs(placement.articleRight - placement.feedRight), `the post does not start at the feed's right edge: ${JSON.stringify(placement)}`).toBeLessThanOrEqual(1);

      await page.keyboard.press('k');
      await expect.poll(focusedPost, { message: `k to go back to ${ids.at(-2)}` }).toBe(ids.at(-2));
    });
  });

  test('in Arabic, a token, an address and a username read left to right; what one writes follows its own text', async ({ app, openPage }) => {
    await withPage(openPage, 'ar', async (page) => {
      const direction = (selector: string) => page.locator(selector).evaluate((field) => getComputedStyle(field).direction);
      await page.goto(app.url);
      await expect(page.locator('form.sign-in-form input[name="token"]')).toBeVisible();
      expect(await direction('form.sign-in-form input[name="token"]'), 'the token field').toBe('ltr');
      await signIn(page, app.url, TOKENS.ada);

      await page.goto(app.at('#/profile/edit'));
      const fields = page.locator('form.profile-edit-form input');
      await expect(fields.first()).toHaveValue('ada');
      // Username, display name, avatar address, banner address: the addresses show their start
      // (http…), not their end run off to the left; the name follows its own (here Latin) text.
      expect(await fields.evaluateAll((inputs) => inputs.map((input) => getComputedStyle(input).direction))).toEqual(['ltr', 'ltr', 'ltr', 'ltr']);
      await fields.nth(1).fill('آدا لوفلايس');
      expect(await fields.nth(1).evaluate((input) => getComputedStyle(input).direction), 'an Arabic display name').toBe('rtl');
      await fields.nth(1).fill('Ada Lovelace');

      await page.goto(app.at('#/compose'));
      const from = page.locator('main form input[type="text"]').first();
      await expect(from).toBeVisible();
      await from.fill('من الهاتف');
      expect(await from.evaluate((input) => getComputedStyle(input).direction), '"sent from" in Arabic').toBe('rtl');
      await from.fill('web');
      expect(await from.evaluate((input) => getComputedStyle(input).direction), '"sent from" in Latin letters').toBe('ltr');
      await from.fill('');
    });
  });

  test('in English, Polish and Arabic, at every width from a phone to a desktop, the header’s links take at most two rows, the whole header two rows on a 390 px phone (English, Arabic), and where the header stays on screen it is at most 6rem tall', async ({ app, openPage }) => {
    const widths = [320, 360, 390, 412, 480, 560, 600, 640, 768, 900, 1024, 1100, 1199, 1200, 1280];
    for (const locale of ['en', 'pl', 'ar']) {
      await withPage(openPage, locale, async (page) => {
        await signIn(page, app.url, TOKENS.ada);
        const rows: string[] = [];
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const { navRows, height, sticky } = await page.evaluate(() => {
            const header = document.querySelector('header')!;
            const links = [...document.querySelectorAll('nav a')].map((link) => Math.round(link.getBoundingClientRect().top));
            return { navRows: new Set(links).size, height: header.getBoundingClientRect().height, sticky: getComputedStyle(header).position === 'sticky' };
          });
          rows.push(`${width}: ${navRows} rows, ${Math.round(height)} px${sticky ? ' (stays)' : ''}`);
          expect(navRows, `${locale} at ${width} px: ${rows.join('; ')}`).toBeLessThanOrEqual(2);
          if (sticky) expect(height, `${locale} at ${width} px`).toBeLessThanOrEqual(96);
          // A phone: two rows, not three (Polish's longer links take a third).
          if (width === 390 && locale !== 'pl') expect(height, `${locale} at 390 px: ${rows.join('; ')}`).toBeLessThanOrEqual(100);
        }
        test.info().annotations.push({ type: `header (${locale})`, description: rows.join('; ') });
      });
    }
  });

  test('in English, Polish and Arabic, at 390 and 1280 px: the header, a card’s replies, Reply and actions, and the notice after a mute sit side by side without overlapping', async ({ app, openPage }) => {
    for (const locale of ['en', 'pl', 'ar']) {
      await withPage(openPage, locale, async (page) => {
        await signIn(page, app.url, TOKENS.ada);
        // A first visit opens on 73 and offers 74 and 75 as new posts: ada takes the offer (any language).
        await showNewest(page);
        // Mallory's post 73 (someone else's: Mute is among its actions) and ada's own 75 (Edit, Lock, …).
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          for (const id of ['75', '73']) {
            const card = page.locator(`[role="feed"] article[data-post-id="${id}"]`);
            await expect(card.locator('.post-reply'), `${locale} ${width}: post ${id} has a Reply`).toBeVisible();
            await expect(card.locator('.post-actions')).toBeVisible();
            const overlaps = await card.evaluate((article) => {
              const boxes = [...article.querySelectorAll('.post-footer > a, .post-actions > button, .post-actions > a')]
                .map((el) => ({ name: `${el.className || el.tagName}: ${(el.textContent ?? '').trim().slice(0, 20)}`, rect: el.getBoundingClientRect() }))
                .filter(({ rect }) => rect.width > 0 && rect.height > 0);
              const card = article.getBoundingClientRect();
              const found: string[] = [];
              for (const [i, a] of boxes.entries()) {
                if (a.rect.left < card.left - 1 || a.rect.right > card.right + 1) found.push(`${a.name} outside the card`);
                for (const b of boxes.slice(i + 1)) {
                  const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
                  const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
                  if (x > 1 && y > 1) found.push(`${a.name} / ${b.name}`);
                }
              }
              return found;
            });
            expect(overlaps, `${locale} at ${width} px, post ${id}: overlapping`).toEqual([]);
          }
          const header = await page.locator('header.app-header').evaluate((el) => {
            const items = [...el.querySelectorAll('a, button')].map((a) => a.getBoundingClientRect()).filter((r) => r.width > 0);
            let overlapping = 0;
            for (const [i, a] of items.entries())
              for (const b of items.slice(i + 1))
                if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) overlapping += 1;
            return overlapping;
          });
          expect(header, `${locale} at ${width} px: header controls overlapping`).toBe(0);
        }
        // The notice after a mute: whole in the window at both widths, clear of the header.
        await page.locator('[role="feed"] article[data-post-id="73"] .post-actions button').last().click();
        const notice = page.locator('.outcome-notice');
        await expect(notice).toBeVisible();
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          const box = await notice.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const h = document.querySelector('header.app-header')!.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: innerWidth, height: innerHeight, headerBottom: h.bottom };
          });
          expect(box.left >= 0 && box.right <= box.width && box.bottom <= box.height, `${locale} at ${width} px: notice in the window ${JSON.stringify(box)}`).toBe(true);
          expect(box.top, `${locale} at ${width} px: notice clear of the header`).toBeGreaterThanOrEqual(box.headerBottom);
        }
        await notice.locator('button').first().click();
        await expect(page.locator('[role="feed"] article[data-post-id="73"]')).toBeVisible();
      });
    }
  });

  test('the language chosen in Settings applies without a reload, is remembered, and sets the direction', async ({ app, openPage }) => {
    await withPage(openPage, 'en-GB', async (page) => {
      await signIn(page, app.url, TOKENS.ada);
      await page.goto(app.at('#/settings'));
      await expect(page.getByRole('heading', { level: 1, name: enSettings.title, exact: true })).toBeVisible();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });

      // A marker on window disappears with any reload: it must still be there after switching.
      await page.evaluate(() => {
        (window as MarkedWindow).__languageTestMarker = 'same document';
      });
      const marker = () => page.evaluate(() => (window as MarkedWindow).__languageTestMarker);
      const storedLanguage = () => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language);
      await page.getByRole('combobox', { name: enSettings.language, exact: true }).selectOption('ar');
      await expect(page.getByRole('heading', { level: 1, name: arSettings.title, exact: true })).toBeVisible();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      expect(await marker(), 'switching the language reloaded the page').toBe('same document');
      expect(await storedLanguage()).toBe('ar');
      await expect.poll(() => page.title(), { message: 'the document title in Arabic' }).toContain(arSettings.title);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: arSettings.title, exact: true })).toBeVisible();
      await expect.poll(() => htmlLangDir(page), { message: 'after a reload' }).toEqual({ lang: 'ar', dir: 'rtl' });
      expect(await marker(), 'the page was not reloaded').toBeUndefined();
      const select = page.getByRole('combobox', { name: arSettings.language, exact: true });
      await expect(select, 'the select shows the remembered choice').toHaveValue('ar');

      await select.selectOption('pl');
      await expect(page.getByRole('heading', { level: 1, name: plSettings.title, exact: true })).toBeVisible();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'pl', dir: 'ltr' });

      // "Automatic" goes back to the browser's language and forgets the choice.
      await page.getByRole('combobox', { name: plSettings.language, exact: true }).selectOption('auto');
      await expect(page.getByRole('heading', { level: 1, name: enSettings.title, exact: true })).toBeVisible();
      await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(await storedLanguage()).toBeNull();
    });
  });
});
