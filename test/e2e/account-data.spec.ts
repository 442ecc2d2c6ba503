// Each account's data has one home on this device (src/entities/account/account-data.ts), through the
// UI against the mock v2 API over HTTP: a write whose answer lands after a switch changes only the
// account that made it (the server's answer held back with page.route); an account added before
// the app learned who the first one is still gets its name; signing out can take the account's data
// with it; and storage an older version wrote opens with everything in place.
import accounts from '../../src/i18n/catalogs/en/later/accounts.json' with { type: 'json' };
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { uniqueText } from './journeys';
import { signIn, TOKENS, USER_IDS } from './support';
import type { Page, Request } from '@playwright/test';

test.beforeEach(async ({ mockApi }) => mockApi.reset());

const header = (page: Page) => page.getByRole('banner');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accountsButton = (page: Page) => header(page).getByRole('button', { name: 'Accounts', exact: true });
const composerBox = (page: Page) => page.getByRole('textbox', { name: compose.contentLabel });

async function openMenu(page: Page) {
  if ((await accountsButton(page).getAttribute('aria-expanded')) !== 'true') await accountsButton(page).click();
  const menu = header(page).getByRole('group', { name: accounts.title });
  await expect(menu).toBeVisible();
  return menu;
}

async function addAccount(page: Page, token: string) {
  await (await openMenu(page)).getByRole('button', { name: accounts.add }).click();
  const dialog = page.getByRole('dialog', { name: accounts.addTitle });
  await dialog.getByLabel('API token').fill(token);
  await dialog.getByRole('button', { name: accounts.addSubmit }).click();
  await expect(dialog).toHaveCount(0);
}

async function switchTo(page: Page, name: RegExp) {
  await (await openMenu(page)).getByRole('button', { name }).click();
}

/** Requests matching `which` wait until `release()`; the others go through. */
async function holdBack(page: Page, url: string, which: (request: Request) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(url, async (route) => {
    if (!which(route.request())) return route.fallback();
    held += 1;
    await released;
    await route.fallback();
  });
  return { release, held: () => held };
}

const bodyOf = (request: Request): Record<string, unknown> => {
  try {
    return (request.postDataJSON() as Record<string, unknown> | null) ?? {};
  } catch {
    return {};
  }
};
const tokenOf = (request: Request) => request.headers().authorization?.replace(/^Bearer\s+/i, '') ?? '';

test('a rename answered after a switch renames only the account that saved it; drafts stay their own', async ({ app, mockApi, openPage }) => {
  const session = await openPage();
  const { page } = session;
  page.on('dialog', (dialog) => void dialog.accept());
  const bramsDraft = uniqueText('Bram’s unsent draft');

  await signIn(page, TOKENS.ada, { url: app.url });
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await addAccount(page, TOKENS.bram);
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await composerBox(page).fill(bramsDraft);
  await switchTo(page, /^Switch to \u2068Ada Lovelace/);
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();

  // Ada renames herself; the server's answer is held back while she switches to Bram.
  const rename = await holdBack(page, '**/v2/profile', (request) => request.method() === 'PATCH' && bodyOf(request).username === 'ada_renamed');
  await header(page).getByRole('link', { name: /Edit profile/ }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByRole('textbox', { name: 'Username' }).fill('ada_renamed');
  await form.getByRole('textbox', { name: 'Display name' }).fill('Ada Renamed');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(rename.held, { message: 'the rename is on its way' }).toBe(1);
  await switchTo(page, /^Switch to \u2068Bram/);
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  const answered = page.waitForResponse((response) => response.request().method() === 'PATCH' && bodyOf(response.request()).username === 'ada_renamed');
  rename.release();
  await answered;
  await expect.poll(async () => (await mockApi.state()).users.find((user) => user.uuid === USER_IDS.ada)?.username).toBe('ada_renamed');

  // Bram stays Bram: in the header, in the menu, and in his composer his own draft.
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  await expect(header(page).getByText(/Ada Renamed|ada_renamed/)).toHaveCount(0);
  const menu = await openMenu(page);
  await expect(menu.locator('[aria-current="true"]')).toContainText('@\u2068bram_stoker\u2069');
  // Ada's record learned her new name (the answer was hers), without a request of Bram's.
  await expect(menu.getByRole('button', { name: 'Switch to \u2068Ada Renamed\u2069 (@\u2068ada_renamed\u2069)' })).toBeVisible();
  await accountsButton(page).click();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await expect(composerBox(page)).toHaveValue(bramsDraft);

  // Back to Ada: her new name, and never Bram's draft in her composer.
  await switchTo(page, /^Switch to \u2068Ada Renamed/);
  await expect(header(page).locator('.account-identity').getByText('@ada_renamed')).toBeVisible();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await expect(composerBox(page)).toHaveValue('');
  await expect(page.getByText(bramsDraft)).toHaveCount(0);

});

test('a post answered after a switch lands in its author’s feed only; the other account is never offered its author’s actions', async ({ app, mockApi, openPage }) => {
  const session = await openPage();
  const { page } = session;
  page.on('dialog', (dialog) => void dialog.accept());
  const adasPost = uniqueText('Ada’s post sent just before the switch');
  const bramsDraft = uniqueText('Bram’s draft, kept through Ada’s post');

  await signIn(page, TOKENS.ada, { url: app.url });
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await addAccount(page, TOKENS.bram);
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await composerBox(page).fill(bramsDraft);
  await switchTo(page, /^Switch to \u2068Ada Lovelace/);
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();

  const create = await holdBack(page, '**/v2/post', (request) => request.method() === 'PUT' && tokenOf(request) === TOKENS.ada);
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await composerBox(page).fill(adasPost);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect.poll(create.held, { message: 'the post is on its way' }).toBe(1);
  await switchTo(page, /^Switch to \u2068Bram/);
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  const answered = page.waitForResponse((response) => response.request().method() === 'PUT' && tokenOf(response.request()) === TOKENS.ada);
  create.release();
  await answered;
  await expect.poll(async () => (await mockApi.state()).posts.find((post) => post.content === adasPost)?.author).toBe(USER_IDS.ada);

  // Bram's feed: if Ada's post shows there at all, it is someone else's post to him.
  await nav(page).getByRole('link', { name: 'Feed' }).click();
  await expect(page.getByRole('feed')).toBeVisible();
  const inBramsFeed = page.getByRole('feed').getByRole('article').filter({ hasText: adasPost });
  if ((await inBramsFeed.count()) > 0) {
    await expect(inBramsFeed.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
    await expect(inBramsFeed.getByRole('button', { name: 'Mute @ada' })).toBeVisible();
  }
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await expect(composerBox(page)).toHaveValue(bramsDraft);

  // Back to Ada: her post is in her feed, hers to edit, and her composer is empty (the draft went with the post).
  await switchTo(page, /^Switch to \u2068Ada Lovelace/);
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  await expect(composerBox(page)).toHaveValue('');
  await nav(page).getByRole('link', { name: 'Feed' }).click();
  const inAdasFeed = page.getByRole('feed').getByRole('article').filter({ hasText: adasPost });
  await expect(inAdasFeed).toBeVisible();
  await expect(inAdasFeed.getByRole('button', { name: 'Edit' })).toBeVisible();

});

test('an account added before the app learned who the first one is: the menu names both, without a reload', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  // Who-am-I for ada (a PATCH of nothing) is held until bram is in use.
  const whoAmI = await holdBack(
    page,
    '**/v2/profile',
    (request) => request.method() === 'PATCH' && tokenOf(request) === TOKENS.ada && bodyOf(request).username == null,
  );
  await signIn(page, TOKENS.ada, { url: app.url });
  await expect.poll(whoAmI.held, { message: 'ada’s who-am-I is on its way' }).toBeGreaterThan(0);
  await addAccount(page, TOKENS.bram);
  await expect(header(page).locator('.account-identity').getByText('@bram_stoker')).toBeVisible();
  whoAmI.release();
  const menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Switch to \u2068Ada Lovelace\u2069 (@\u2068ada\u2069)' })).toBeVisible({ timeout: 5_000 });
  await expect(menu.getByText(/account 1/)).toHaveCount(0);
});

/** Every key of the app in this tab's storage, local and session. */
const appStorage = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage).filter(([key]) => key.startsWith('social.'))),
    session: Object.keys(sessionStorage).filter((key) => key.startsWith('social.')),
  }));

test('signing out with “Also remove…” leaves nothing of the account on this device; without it, everything stays', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  page.on('dialog', (dialog) => void dialog.accept());
  const draft = uniqueText('A draft to take away');

  await signIn(page, TOKENS.ada, { url: app.url });
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  // A muted word (Settings) and an unsent draft: what ada leaves on this device.
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Word or phrase to mute' }).fill('engine');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Muted “engine”.')).toBeVisible();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await composerBox(page).fill(draft);
  await expect.poll(async () => JSON.stringify((await appStorage(page)).local)).toContain(draft);

  const before = await appStorage(page);
  const records = JSON.parse(before.local['social.device-accounts'] ?? '[]') as Array<{ id: string; username: string }>;
  const ada = records.find((record) => record.username === 'ada')!;
  expect(ada).toBeDefined();
  const adasKeys = Object.keys(before.local).filter((key) => key.startsWith(`social.account:${ada.id}:`));
  expect(adasKeys.sort()).toEqual(expect.arrayContaining([`social.account:${ada.id}:drafts`, `social.account:${ada.id}:mutes`]));
  expect(before.session).toContain('social.api-token');

  await header(page).getByRole('button', { name: /^Sign out/ }).click();
  const question = page.getByRole('dialog');
  const remove = question.getByRole('checkbox', { name: accounts.removeData });
  await expect(remove).not.toBeChecked();
  await remove.check();
  await question.getByRole('button', { name: accounts.signOutConfirm }).click();
  await expect(page.getByLabel('API token')).toBeVisible();

  const after = await appStorage(page);
  expect(Object.keys(after.local).filter((key) => key.includes(ada.id))).toEqual([]);
  expect(JSON.stringify(after.local)).not.toContain(draft);
  expect(JSON.parse(after.local['social.device-accounts'] ?? '[]')).not.toContainEqual(expect.objectContaining({ username: 'ada' }));
  // Signed out of the tab: no token, and the tab's accounts list is empty.
  // Left: the tab's own keys, nothing of an account's (a composer's id per context is this tab's, holding
  // no text; social.feed-entries lists which of the tab's history entries keep a place in the feed).
  const tabKeys = ['social.blog-dismissed', 'social.accounts', 'social.feed-entries'];
  expect(after.session.filter((key) => !tabKeys.includes(key) && !key.startsWith('social.composer:'))).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('social.accounts') ?? '[]')).toBe('[]');

  // Signing in again finds nothing of before: no draft, no muted word.
  await signIn(page, TOKENS.ada);
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('You have not muted any words.')).toBeVisible();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await expect(composerBox(page)).toHaveValue('');
});

test('storage written by the version before opens with every draft, mute and setting in place', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  const draft = uniqueText('Written before the upgrade');
  // What the last version kept for ada, written before the new version's first start.
  await page.addInitScript(
    ({ text }) => {
      if (sessionStorage.getItem('test.upgraded')) return;
      sessionStorage.setItem('test.upgraded', '1');
      const entry = { content: text, from: '', lock: false, nsfw: false, savedAt: Date.now() };
      localStorage.setItem('social.drafts:ada', JSON.stringify({ new: entry }));
      localStorage.setItem('social.mutes:ada', JSON.stringify({ accounts: [], words: ['playlist'] }));
      localStorage.setItem('social.mutes', '1');
      localStorage.setItem('social.always-show-sensitive:ada', 'true');
    },
    { text: draft },
  );
  await signIn(page, TOKENS.ada, { url: app.url });
  await expect(header(page).locator('.account-identity').getByText('@ada')).toBeVisible();
  const stored = await appStorage(page);
  expect(Object.keys(stored.local).filter((key) => /^social\.(drafts|mutes|always-show-sensitive)/.test(key))).toEqual([]);

  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('list', { name: /muted word/ }).getByText('playlist')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Always show sensitive content' })).toBeChecked();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  // The draft of before belongs to no composer now (each keeps its own): it is offered, and taken with one press.
  await expect(page.getByText('1 other draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: compose.useDraft }).click();
  await expect(composerBox(page)).toHaveValue(draft);
});
