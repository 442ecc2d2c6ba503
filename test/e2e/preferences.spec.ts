// Preferences are per account: one account's "always show sensitive content" never applies to
// another account signed in on the same browser.
import { expect, test } from './fixtures';
import { openSignedIn, signIn, TOKENS } from './support';

test.beforeAll(async ({ mockApi }) => mockApi.reset());

const NSFW_POST = 15;
const NSFW_TEXT = 'Graphic description of a horror film scene. Reveal at your own risk.';

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
  await expect(page.getByRole('button', { name: 'Show post' }).first()).toBeVisible();
  await expect(page.getByText(NSFW_TEXT)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(setting).toBeEnabled();
  await expect(setting).not.toBeChecked();
});
