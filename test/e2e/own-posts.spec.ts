// Whose posts are one's own, in a real browser: another account whose username differs from ada's
// only in case ("Ada": the spec says nothing of case, a server may hold both) has the newest posts
// in the feed. Signed in as ada, who first opens a link to one of them, hers show no Edit or Delete,
// ada's own post does, and the uuid the app learns (the header's link to "your profile") is ada's.
import { withExtraAccount } from '../support/extra-account';
import { expect, test } from './fixtures';
import { uniqueText } from './journeys';
import { openSignedIn, showNewest, TOKENS, USER_IDS, waitForFeed } from './support';

const CAPITAL_ADA = { uuid: 'uuid-cap-ada-e2e', token: 'tok-cap-ada-e2e', username: 'Ada', displayname: 'Ada' };
const OWN = uniqueText('ada’s own post');
const OTHERS = [uniqueText('the other Ada, first'), uniqueText('the other Ada, second')];
let othersFirst = 0;
/** The other Ada's second post: the newest of the feed. */
let newest = 0;

test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
  // ada's own post through the API, then the other Ada's two above it (the newest of the feed).
  const created = await mockApi.fetchJson('v2/post', {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TOKENS.ada}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content: OWN }),
  });
  expect(created.status).toBe(200);
  const added = withExtraAccount(await mockApi.state(), CAPITAL_ADA, OTHERS);
  await mockApi.restore(added.snapshot);
  othersFirst = added.postIds[0]!;
  newest = added.postIds.at(-1)!;
});

test.afterAll(async ({ mockApi }) => mockApi.reset());

test('an account differing only in case gets no Edit or Delete on its posts; one’s own post does', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  const card = (text: string) => page.getByRole('article').filter({ hasText: text }).first();
  // A link to the other Ada's post first: the first post this session sees is hers (a looser match
  // would take her uuid for ada's here, and keep it).
  await openSignedIn(page, TOKENS.ada, { url: app.at(`#/post/${othersFirst}`) });
  await expect(card(OTHERS[0]!)).toBeVisible();
  await expect(page.locator('header .account-name .handle')).toHaveText('@ada');

  await page.goto(app.at('#/'));
  // The feed's first visit in this browser opens on the highest post its search read (the seed's
  // 73) and offers what it finds above it as new posts (74, 75, ada's own and the other Ada's two):
  // ada takes the offer, and the other Ada's second post is on top.
  await showNewest(page, String(newest));

  // Once ada's own post shows its actions, who is signed in is known and the actions' code is loaded.
  await expect(card(OWN).getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card(OWN).getByRole('button', { name: 'Delete' })).toBeVisible();
  for (const text of OTHERS) {
    await expect(card(text)).toBeVisible();
    await expect(card(text).getByRole('button', { name: /^(Edit|Delete|Lock|Mark sensitive)$/ })).toHaveCount(0);
  }
  // The uuid learned is ada's, never the other Ada's (whose posts were read first).
  await expect(page.getByRole('link', { name: /^Your profile/ })).toHaveAttribute('href', `#/user/${USER_IDS.ada}`);
});

test('on a 390 px phone one’s own post keeps its actions on one line: Save, Lock, Mark sensitive and Delete behind "More", which Escape closes', async ({ app, openPage }) => {
  const { page } = await openPage({ viewport: { width: 390, height: 844 } });
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  // A first visit opens below ada's post and offers it (with the seed's 74, 75 and the other Ada's
  // two) as new posts: ada takes the offer.
  await showNewest(page, String(newest));
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: OWN }).first();
  const more = card.getByRole('button', { name: 'More actions' });
  await expect(more).toBeVisible();
  await expect(card.getByRole('button', { name: 'Lock' })).toBeHidden();
  // Reply, Copy link, Edit and More: one line.
  const tops = await card.locator('.post-footer').evaluate((footer) =>
    [...footer.querySelectorAll('a, button')].filter((el) => el.getBoundingClientRect().width > 0).map((el) => Math.round(el.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);

  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Save post', 'Lock', 'Mark sensitive', 'Delete']) await expect(card.getByRole('button', { name })).toBeVisible();
  await card.getByRole('button', { name: 'Lock' }).focus();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'Lock' })).toBeHidden();
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
});

test('on a 390 px phone someone else’s post keeps its actions on one line too: Save and Mute behind "More", which a press elsewhere closes', async ({ app, openPage }) => {
  const { page } = await openPage({ viewport: { width: 390, height: 844 } });
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  await waitForFeed(page);
  const card = page.getByRole('feed').getByRole('article').filter({ hasNotText: OWN }).filter({ has: page.getByRole('button', { name: 'Copy link' }) }).first();
  const more = card.getByRole('button', { name: 'More actions' });
  await expect(more).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save post' })).toBeHidden();
  await expect(card.getByRole('button', { name: /^Mute @/ })).toBeHidden();
  // Replies, Reply, Copy link and More: one line, so the card is as tall as before its actions came.
  const tops = await card.locator('.post-footer').evaluate((footer) =>
    [...footer.querySelectorAll('a, button')].filter((el) => el.getBoundingClientRect().width > 0).map((el) => Math.round(el.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);

  await more.click();
  await card.getByRole('button', { name: 'Save post' }).click();
  await expect(card.getByRole('button', { name: /^(Saved|Unsave)/ })).toBeVisible();
  await page.locator('body').dispatchEvent('pointerdown');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByRole('button', { name: /^Mute @/ })).toBeHidden();
});
