// Several accounts in one tab, through the UI against the mock v2 API over HTTP: sign in as ada,
// Add account as bram, post as each (the server holds each post with its author), switch back and
// forth with no token, one account's draft and name never shown while the other is in use, sign
// out one (the other takes over), sign out of all; the tokens live in sessionStorage only.
import accounts from '../../src/i18n/catalogs/en/later/accounts.json' with { type: 'json' };
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import { expect, test, type MockApi } from './fixtures';
import { uniqueText } from './journeys';
import { checkA11y, openSignedIn, persistedQueryCaches, TOKENS, USER_IDS } from './support';
import type { Page } from '@playwright/test';

test.beforeAll(async ({ mockApi }) => mockApi.reset());

const header = (page: Page) => page.getByRole('banner');
const accountsButton = (page: Page) => header(page).getByRole('button', { name: 'Accounts', exact: true });
const menu = (page: Page) => header(page).getByRole('group', { name: accounts.title });

async function openMenu(page: Page) {
  if ((await accountsButton(page).getAttribute('aria-expanded')) !== 'true') await accountsButton(page).click();
  await expect(menu(page)).toBeVisible();
  return menu(page);
}

async function postAs(page: Page, mockApi: MockApi, text: string, author: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
  await page.getByRole('textbox', { name: compose.contentLabel }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(text).first()).toBeVisible();
  await expect
    .poll(async () => (await mockApi.state()).posts.find((post) => post.content === text)?.author, { message: `the server holds "${text}"` })
    .toBe(author);
}

test('two accounts in one tab: add, post as each, switch without a token, sign out one, then all', async ({ app, mockApi, openPage }) => {
  const session = await openPage();
  const { page } = session;
  // The composer asks before leaving unsent text; its draft is kept either way.
  page.on('dialog', (dialog) => void dialog.accept());
  const byAda = uniqueText('Posted by ada');
  const byBram = uniqueText('Posted by bram');
  const adaDraft = uniqueText('Ada’s unsent draft');

  await openSignedIn(page, TOKENS.ada, { url: app.url });
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await postAs(page, mockApi, byAda, USER_IDS.ada);

  // An unsent draft of ada's, then Add account from the composer.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
  const composer = page.getByRole('textbox', { name: compose.contentLabel });
  await composer.fill(adaDraft);
  await (await openMenu(page)).getByRole('button', { name: accounts.add }).click();
  const dialog = page.getByRole('dialog', { name: accounts.addTitle });
  await dialog.getByLabel('API token').fill('tok-not-a-real-token');
  await dialog.getByRole('button', { name: accounts.addSubmit }).click();
  await expect(dialog.getByRole('alert')).toContainText('did not accept this token');
  // Still ada in use (the page behind the dialog is inert, so asked of the tab's storage).
  expect(await page.evaluate(() => sessionStorage.getItem('social.api-token'))).toBe(TOKENS.ada);
  await dialog.getByLabel('API token').fill(TOKENS.bram);
  await dialog.getByRole('button', { name: accounts.addSubmit }).click();
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Now using \u2068@bram_stoker\u2069' })).toBeVisible();
  // The composer is bram's now: ada's draft is nowhere.
  await expect(composer).toHaveValue('');
  await expect(page.getByText(adaDraft)).toHaveCount(0);
  await expect(header(page).getByText('@ada')).toHaveCount(0);

  await postAs(page, mockApi, byBram, USER_IDS.bram);

  // Back to ada, no token typed: her draft is back in her composer.
  const adaEntry = (await openMenu(page)).getByRole('button', { name: 'Switch to \u2068Ada Lovelace\u2069 (@\u2068ada\u2069)' });
  await expect(menu(page).locator('[aria-current="true"]')).toContainText('@\u2068bram_stoker\u2069');
  await adaEntry.click();
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
  await expect(composer).toHaveValue(adaDraft);

  // A reload keeps both accounts (this tab), and bram's view never paints ada's.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(page.getByRole('feed')).toBeVisible();
  await page.reload();
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await (await openMenu(page)).getByRole('button', { name: /^Switch to \u2068Bram/ }).click();
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  await expect(page.getByRole('feed').getByText(byBram)).toBeVisible();
  await expect(header(page).getByText('@ada')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
  await expect(composer).toHaveValue('');

  // Tokens: in this tab's sessionStorage, never in localStorage, a cookie or the address.
  const stored = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
    url: location.href,
  }));
  for (const token of [TOKENS.ada, TOKENS.bram]) {
    expect(stored.session).toContain(token);
    expect(stored.local).not.toContain(token);
    expect(stored.cookie).not.toContain(token);
    expect(stored.url).not.toContain(token);
  }
  const persisted = await persistedQueryCaches(page);
  for (const cache of persisted) for (const token of [TOKENS.ada, TOKENS.bram]) expect(cache).not.toContain(token);

  // Sign out (bram, in use): ada takes over.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await header(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await expect(page.getByRole('feed')).toBeVisible();

  // Sign out of all accounts: ada's draft is asked about.
  await (await openMenu(page)).getByRole('button', { name: accounts.signOutAll }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep draft and sign out' }).click();
  await expect(page.getByLabel('API token')).toBeVisible();
  const after = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(after).not.toContain(TOKENS.ada);
  expect(after).not.toContain(TOKENS.bram);

});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the account menu and the Add account dialog are axe-clean and work by keyboard (${colorScheme})`, async ({ app, openPage }) => {
    const { page } = await openPage({ colorScheme });
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
    // By keyboard: the Accounts button opens the menu, Add account the dialog.
    await accountsButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(accountsButton(page)).toHaveAttribute('aria-expanded', 'true');
    await menu(page).getByRole('button', { name: accounts.add }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: accounts.addTitle });
    await expect(dialog.getByLabel('API token')).toBeVisible();
    let { report } = await checkA11y(page, { label: `Add account dialog (${colorScheme})` });
    expect(report).toBe('');
    await dialog.getByLabel('API token').fill(TOKENS.dalia);
    await page.keyboard.press('Enter');
    await expect(header(page).locator('.account-identity').getByText('@dalia_n')).toBeVisible();
    await accountsButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('button', { name: /^Switch to .*\(@\u2068ada\u2069\)$/ })).toBeVisible();
    ({ report } = await checkA11y(page, { label: `account menu, two accounts (${colorScheme})` }));
    expect(report).toBe('');
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(accountsButton(page)).toBeFocused();
  });
}

test('on a phone (360 and 320 px) the account row is one row and the account menu stays on the screen, in English, Polish and Arabic', async ({ app, openPage }) => {
  // One tab, signed in once: each case is the same tab resized, its language set, then reloaded.
  const { page } = await openPage({ viewport: { width: 360, height: 740 } });
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  for (const [locale, width] of [['en', 360], ['ar', 360], ['en', 320], ['pl', 320], ['ar', 320]] as const) {
    await page.setViewportSize({ width, height: 740 });
    // The language chosen in the app (Settings writes this); English is the browser's own.
    await page.evaluate((language) => (language === 'en' ? localStorage.removeItem('social.language') : localStorage.setItem('social.language', language)), locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? /^en/ : locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    const identity = header(page).getByRole('link', { name: /Ada Lovelace @ada/ });
    await expect(identity).toBeVisible();
    const signOut = header(page).locator('.account-menu > button').first();
    const button = header(page).locator('.account-menu button[aria-controls]');
    // The avatar, Edit profile, Sign out and Accounts side by side.
    const tops = await Promise.all([identity, signOut, button].map(async (element) => Math.round((await element.boundingBox())!.y)));
    expect(Math.max(...tops) - Math.min(...tops), `${locale} at ${width} px: the account row wraps (tops ${tops.join(', ')})`).toBeLessThan(12);
    await button.click();
    const panel = page.locator('#accounts-panel');
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x, `${locale} at ${width} px: the menu runs off the left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${locale} at ${width} px: the menu runs off the right edge`).toBeLessThanOrEqual(width);
  }
});
