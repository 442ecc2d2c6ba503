// Preferences are per account: one account's "always show sensitive content" never applies to
// another account signed in on the same browser.
import { expect, test } from './fixtures';
import { openSignedIn, signIn, TOKENS } from './support';

test.beforeAll(async ({ mockApi }) => mockApi.reset());

// Bram's thread; its sensitive reply is dalia's. Bram's own post is never hidden from him (once the
// app knows it is his), so what must stay hidden for him is someone else's: the reply.
const NSFW_POST = 15;
const NSFW_TEXT = 'That scene gave me nightmares for a week.';

test('"always show sensitive content" is one account\'s choice on a shared browser', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  const setting = page.getByRole('checkbox', { name: 'Always show sensitive content' });

  await openSignedIn(page, TOKENS.ada, { url: app.url });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(setting).toBeEnabled();
  await setting.check();
  await page.goto(app.at(`#/post/${NSFW_POST}`));
  await expect(page.getByText(NSFW_TEXT)).toBeVisible();

  // The account keeps a setting on this device, so signing out asks first (keeping it by default).
  await page.getByRole('banner').getByRole('button', { name: /^Sign out/ }).click();
  const question = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(question.getByRole('checkbox', { name: /Also remove this account/ })).not.toBeChecked();
  await question.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByLabel('API token')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(setting).toBeDisabled();
  await expect(setting).not.toBeChecked();

  await signIn(page, TOKENS.bram, { url: app.url });
  await page.goto(app.at(`#/post/${NSFW_POST}`));
  const reply = page.getByRole('article', { name: /@dalia_n$/ });
  await expect(reply.getByRole('button', { name: 'Show post' })).toBeVisible();
  await expect(page.getByText(NSFW_TEXT)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(setting).toBeEnabled();
  await expect(setting).not.toBeChecked();
});
