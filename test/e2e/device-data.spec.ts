// Settings → This device's data: what one browser keeps for an account, to a file, and back in a
// browser with nothing stored; a broken file changes nothing. Through the UI, against the HTTP mock.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import mute from '../../src/i18n/catalogs/en/later/mute.json' with { type: 'json' };
import settings from '../../src/i18n/catalogs/en/later/settings.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { uniqueText } from './journeys';
import { checkA11y, openSignedIn, storedAccountData, TOKENS } from './support';

test.beforeAll(async ({ mockApi }) => mockApi.reset());

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const feedPost = (page: Page, id: number) => page.locator(`[role="feed"] article[data-post-id="${id}"]`);
const dataSection = (page: Page) => page.getByRole('region', { name: settings.dataSection });
/** What the import may change, as kept for ada (the replies watch writes on its own: left out). */
const adasData = (page: Page) => Promise.all((['saved', 'mutes', 'drafts', 'prefs'] as const).map((kind) => storedAccountData(page, 'ada', kind)));

test('export as ada, import into a browser with nothing stored: the mute, saved post and draft are back; a broken file changes nothing', async ({ app, openPage }) => {
  const draft = uniqueText('A draft that travels in the file <script>alert(1)</script>');

  // One browser: ada saves post 73, mutes a word, leaves a draft, and exports.
  const { page } = await openPage({ colorScheme: 'light' });
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  await feedPost(page, 73).getByRole('button', { name: 'Save post' }).click();
  await expect(feedPost(page, 73).getByRole('button', { name: 'Saved, remove from saved' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'New post' }).click();
  await page.getByLabel(compose.contentLabel).fill(draft);
  await expect.poll(async () => (await storedAccountData(page, 'ada', 'drafts')) ?? '').toContain('A draft that travels');
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  const word = page.getByRole('textbox', { name: mute.wordLabel });
  await word.fill('playlist');
  await word.press('Enter');
  await expect(page.getByRole('list', { name: '1 muted word' })).toBeVisible();

  const exportButton = dataSection(page).getByRole('button', { name: settings.dataExport });
  const downloaded = page.waitForEvent('download');
  await exportButton.click();
  const download = await downloaded;
  const name = download.suggestedFilename();
  expect(name).toMatch(/^social-ada-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(dataSection(page).getByRole('status')).toHaveText(`Exported ${name}: find it with your downloads.`);
  await expect(exportButton).toBeFocused();
  const path = await download.path();
  const json = await readFile(path, 'utf8');
  expect(json).not.toContain(TOKENS.ada);
  expect(JSON.parse(json)).toMatchObject({ format: 'social-device-data', version: 1, account: { username: 'ada' }, saved: ['73'], mutes: { words: ['playlist'] } });
  expect((await checkA11y(page, { label: 'settings, exported (light)' })).report).toBe('');

  // Another browser, nothing stored, dark: ada signs in and imports the file.
  const { page: fresh } = await openPage({ colorScheme: 'dark' });
  await openSignedIn(fresh, TOKENS.ada, { url: app.at('#/settings') });
  await expect(fresh.getByText(mute.wordsEmpty)).toBeVisible();
  const input = dataSection(fresh).getByLabel(settings.dataImportLabel);
  await input.setInputFiles(path);
  await expect(dataSection(fresh).getByRole('status')).toContainText(/^Added 1 saved post, 1 muted word, (and )?1 draft/);
  await expect(fresh.getByRole('list', { name: '1 muted word' })).toContainText('playlist');
  await nav(fresh).getByRole('link', { name: 'Saved' }).click();
  await expect(fresh.getByRole('list', { name: 'Saved posts, most recently saved first' }).locator('article[data-post-id="73"]')).toBeVisible();
  await nav(fresh).getByRole('link', { name: 'New post' }).click();
  // An imported draft is offered beside this composer's own (each composer keeps its draft), never put over it.
  await expect(fresh.getByText('1 other draft', { exact: true })).toBeVisible();
  await fresh.getByRole('button', { name: compose.useDraft }).click();
  await expect(fresh.getByLabel(compose.contentLabel)).toHaveValue(draft);

  // A broken file: said in an alert, nothing changed.
  await nav(fresh).getByRole('link', { name: 'Settings' }).click();
  const before = await adasData(fresh);
  await dataSection(fresh)
    .getByLabel(settings.dataImportLabel)
    .setInputFiles({ name: 'social-ada-broken.json', mimeType: 'application/json', buffer: Buffer.from(json.slice(0, json.length / 2)) });
  await expect(dataSection(fresh).getByRole('alert')).toHaveText(settings.dataErrorNotJson);
  await expect(dataSection(fresh).getByLabel(settings.dataImportLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(await adasData(fresh)).toEqual(before);
  expect((await checkA11y(fresh, { label: 'settings, import error (dark)' })).report).toBe('');
});
