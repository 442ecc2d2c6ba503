// Writing journeys in a real browser against the mock v2 API over HTTP: compose, reply, edit, lock,
// mark sensitive and delete a post; edit the profile; a draft that survives a reload, and drafts
// kept or discarded at sign-out, never shown to another account. Every step is
// checked twice: what the person sees, and what the server ends up holding (GET /__mock/state).
import appText from '../../src/i18n/catalogs/en/app.json' with { type: 'json' };
import auth from '../../src/i18n/catalogs/en/auth.json' with { type: 'json' };
import common from '../../src/i18n/catalogs/en/common.json' with { type: 'json' };
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import feedText from '../../src/i18n/catalogs/en/feed.json' with { type: 'json' };
import post from '../../src/i18n/catalogs/en/post.json' with { type: 'json' };
import actions from '../../src/i18n/catalogs/en/later/actions.json' with { type: 'json' };
import profile from '../../src/i18n/catalogs/en/later/profile.json' with { type: 'json' };
import thread from '../../src/i18n/catalogs/en/later/thread.json' with { type: 'json' };
import { FIXTURE_POST_IDS } from '../../src/mocks/fixtures';
import type { MockPost, MockUser } from '../../src/mocks/model';
import { expect, test, type MockApi } from './fixtures';
import { seedPost, seedUser, uniqueText } from './journeys';
import { openSignedIn, showNewest, signIn, threadIdOf, TOKENS, USER_IDS, type PageSession, storedAccountData } from './support';

const ADA = seedUser('ada');
/** Where the drafts of one account are kept (src/entities/draft/draft-store.ts, not exported there). */

// The tests share the file's mock (each worker's own): they start from the seed and each writes
// only what it checks for.
test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
});

/** A fresh page signed in as ada. */
async function signedInAsAda(openPage: () => Promise<PageSession>, url: string): Promise<PageSession> {
  const session = await openPage();
  await openSignedIn(session.page, TOKENS.ada, { url });
  return session;
}

async function postsWithText(mockApi: MockApi, text: string): Promise<MockPost[]> {
  return (await mockApi.state()).posts.filter((candidate) => candidate.content === text);
}

/** Waits until the server holds post `id` in the shape `check` accepts; resolves the post. */
async function serverPost(mockApi: MockApi, id: string, check: (post: MockPost) => boolean, message: string): Promise<MockPost> {
  let held: MockPost | undefined;
  await expect
    .poll(
      async () => {
        held = await mockApi.post(id);
        return held !== undefined && check(held);
      },
      { message: `post ${id} on the server: ${message}` },
    )
    .toBe(true);
  return held!;
}

async function serverUser(mockApi: MockApi, uuid: string): Promise<MockUser | undefined> {
  return (await mockApi.state()).users.find((user) => user.uuid === uuid);
}

test.describe('writing as ada', () => {
  test('compose, reply, edit, lock, unlock, mark sensitive, delete', async ({ app, mockApi, openPage }) => {
    const session = await signedInAsAda(openPage, app.url);
    const { page } = session;
    // A first visit opens on 73 and offers 74 and 75 as new posts: ada takes the offer before writing,
    // so the feed she comes back to holds the seed's newest post.
    await showNewest(page);
    const text = uniqueText('A browser-test post');
    await page.getByRole('navigation', { name: appText.mainNav }).getByRole('link', { name: appText.newPost }).click();
    const box = page.getByLabel(compose.contentLabel);
    await box.fill(text);
    await page.getByRole('button', { name: compose.post, exact: true }).click();

    // The new post's thread opens; the server holds exactly one post with that text, by ada.
    await page.waitForURL(/#\/post\/\d+$/);
    const id = threadIdOf(page) ?? '';
    const threadPost = page.getByRole('article').first();
    await expect(threadPost.getByText(text)).toBeVisible();
    const created = await postsWithText(mockApi, text);
    expect(created.length, `the server holds ${created.length} posts with the text`).toBe(1);
    expect(String(created[0]?.id)).toBe(id);
    expect(created[0]?.author).toBe(USER_IDS.ada);
    expect(created[0]?.parent_id).toBeNull();

    // Reply in the thread.
    const replyText = uniqueText('A reply from the browser test');
    await page.getByLabel(compose.replyLabel).fill(replyText);
    await page.getByRole('button', { name: compose.reply, exact: true }).click();
    await expect(page.getByRole('list', { name: /^Replies to / }).getByText(replyText)).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 reply', exact: true })).toBeVisible();
    expect(await page.getByLabel(compose.replyLabel).inputValue(), 'the reply box should be empty after sending').toBe('');
    const replies = await postsWithText(mockApi, replyText);
    expect(replies.length, `the server holds ${replies.length} replies with the text`).toBe(1);
    expect(String(replies[0]?.parent_id)).toBe(id);
    expect((await mockApi.post(id))?.replies.map(String)).toEqual([String(replies[0]?.id)]);

    // Edit the post, with a reason.
    const edited = uniqueText('An edited browser-test post');
    await threadPost.getByRole('button', { name: actions.edit, exact: true }).click();
    await threadPost.getByLabel(actions.editText).fill(edited);
    await threadPost.getByLabel(actions.editReason).fill('fixing a typo');
    await threadPost.getByRole('button', { name: actions.save, exact: true }).click();
    await expect(threadPost.getByText(edited)).toBeVisible();
    await expect(threadPost.getByText(post.edited, { exact: false }).filter({ hasText: new RegExp(`^\\W*${post.edited}$`) })).toBeVisible();
    await expect(threadPost.getByText(text, { exact: true }), 'the old text still shows').toHaveCount(0);
    const afterEdit = await serverPost(mockApi, id, (held) => held.content === edited, 'edited content');
    expect(afterEdit.edited, 'the server should mark the post as edited').toBeGreaterThan(0);

    // Lock: the badge, replies closed, the server holds lock: true.
    await threadPost.getByRole('button', { name: actions.lock, exact: true }).click();
    await expect(threadPost.getByTitle(common.locked)).toBeVisible();
    await expect(page.getByText(thread.repliesClosed)).toBeVisible();
    await expect(page.getByLabel(compose.replyLabel), 'a locked post still offers the reply box').toHaveCount(0);
    await serverPost(mockApi, id, (held) => held.lock, 'lock true');

    // Unlock: the reply box is back.
    await threadPost.getByRole('button', { name: actions.unlock, exact: true }).click();
    await expect(page.getByLabel(compose.replyLabel)).toBeVisible();
    await expect(threadPost.getByTitle(common.locked), 'the lock badge stays after unlocking').toHaveCount(0);
    await serverPost(mockApi, id, (held) => !held.lock, 'lock false');

    // Mark sensitive: one badge, the server holds nsfw: true; its author still sees the text (others get the gate).
    await threadPost.getByRole('button', { name: actions.markSensitive, exact: true }).click();
    await expect(threadPost.getByRole('button', { name: actions.unmarkSensitive, exact: true })).toBeVisible();
    await expect(threadPost.locator('.badge')).toHaveText([common.nsfw]);
    await expect(threadPost.getByText(edited)).toBeVisible();
    await expect(threadPost.getByRole('button', { name: post.showPost })).toHaveCount(0);
    await serverPost(mockApi, id, (held) => held.nsfw, 'nsfw true');
    expect((await mockApi.post(id))?.content, 'the toggles must not touch the content').toBe(edited);

    // Delete, confirmed in the dialog: back to where the person came from, the post gone everywhere.
    await threadPost.getByRole('button', { name: actions.delete, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: actions.deleteTitle });
    await dialog.getByRole('button', { name: actions.delete, exact: true }).click();
    // Back where "New post" was pressed (the composer replaced itself with the thread): the feed.
    await page.waitForURL((url) => /^#?\/?$/.test(url.hash), { waitUntil: 'commit' });
    await expect.poll(() => mockApi.post(id), { message: `post ${id} to leave the server` }).toBeUndefined();
    expect(await postsWithText(mockApi, edited)).toEqual([]);
    await expect(page.getByLabel(compose.contentLabel), 'landed on the composer again').toHaveCount(0);

    const feed = page.getByRole('feed', { name: feedText.listLabel });
    await expect(feed.getByRole('article').first()).toBeVisible();
    await expect(feed.getByText(seedPost(FIXTURE_POST_IDS.newest).content)).toBeVisible();
    await expect(page.locator(`[role="feed"] article[data-post-id="${id}"]`), 'the deleted post is still in the feed').toHaveCount(0);
    await expect(feed.getByText(edited), 'the deleted post’s text is still in the feed').toHaveCount(0);
  });

  test('edit the profile, reached by clicking from the feed: name and bio saved; a javascript: avatar URL is refused at the field', async ({
    app,
    mockApi,
    openPage,
  }) => {
    const session = await signedInAsAda(openPage, app.url);
    const { page } = session;
    // As a person finds it: from the feed to their own profile (the header links it once a post
    // of theirs has loaded), and from there to the form. No address typed.
    await expect(page.getByRole('feed', { name: feedText.listLabel }).getByRole('article').first()).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: new RegExp(`^${auth.yourProfile}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: ADA.displayname, exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: profile.editProfile }).click();
    await page.waitForURL((url) => url.hash === '#/profile/edit');
    const name = page.getByLabel(profile.displayName);
    await expect(name).toHaveValue(ADA.displayname);

    const newName = 'Augusta Ada King';
    const newBio = uniqueText('Countess of Lovelace; notes on the engine.');
    await name.fill(newName);
    await page.getByLabel(profile.bio).fill(newBio);
    await page.getByRole('button', { name: profile.save }).click();
    await expect(page.getByRole('status').filter({ hasText: profile.saved })).toBeVisible();
    await expect(page.getByRole('banner').getByText(newName)).toBeVisible();
    await expect.poll(async () => (await serverUser(mockApi, USER_IDS.ada))?.displayname, { message: 'the new display name on the server' }).toBe(newName);
    const ada = await serverUser(mockApi, USER_IDS.ada);
    expect(ada?.bio).toBe(newBio);
    expect(ada?.username, 'an unchanged field must not change').toBe(ADA.username);

    // A javascript: avatar is refused next to its field, and never sent.
    const avatar = page.getByLabel(profile.avatarUrl);
    await avatar.fill('javascript:alert(1)');
    await page.getByRole('button', { name: profile.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: profile.urlInvalid })).toBeVisible();
    await expect(avatar).toHaveAttribute('aria-invalid', 'true');
    const described = await avatar.evaluate((input) => ({
      description: (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((ref) => document.getElementById(ref)?.textContent ?? '')
        .join(' '),
      nextToField: input.parentElement?.contains(document.querySelector('.field-error')) ?? false,
    }));
    expect(described.description).toContain(profile.urlInvalid);
    expect(described.nextToField, 'the message should sit in the avatar field').toBe(true);
    await expect(page.getByText(profile.saved)).toHaveCount(0);
    expect((await serverUser(mockApi, USER_IDS.ada))?.pfp, 'the refused avatar reached the server').toBe(ada?.pfp);
  });

  test('Save pressed at once, after a profile visit and a full load of the feed, with the server at 300 ms: it sends what was typed and says so', async ({
    app,
    mockApi,
    openPage,
  }) => {
    const session = await openPage();
    const { page } = session;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/v2/profile')) sent.push(request.postData() ?? '');
    });
    await mockApi.setOptions({ latencyMs: 300 });
    try {
      await signIn(page, TOKENS.ada, { url: app.url });
      const feed = page.getByRole('feed', { name: feedText.listLabel });
      await feed.locator('article h2 a').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goBack();
      await page.reload();
      await page.getByRole('banner').getByRole('link', { name: /Edit profile/ }).click();
      const form = page.getByRole('form', { name: profile.editProfile });
      const newName = uniqueText('Ada at speed');
      const newBio = uniqueText('Typed, then saved at once.');
      await form.getByLabel(profile.displayName).fill(newName);
      await form.getByLabel(profile.bio).fill(newBio);
      await form.getByRole('button', { name: profile.save }).click();
      // A press of Save ends in a request, and the page says how it went.
      await expect(form.getByRole('status').filter({ hasText: profile.saved })).toBeVisible();
      const edits = sent.map((body) => JSON.parse(body) as Record<string, unknown>).filter((body) => Object.values(body).some((v) => v !== null));
      expect(edits).toEqual([{ username: null, displayname: newName, pfp: null, banner: null, bio: newBio }]);
      await expect(form.getByLabel(profile.displayName)).toHaveValue(newName);
    } finally {
      await mockApi.setOptions({ latencyMs: 0 });
    }
  });

  test('a draft survives a reload of the composer', async ({ app, mockApi, openPage }) => {
    const session = await signedInAsAda(openPage, app.url);
    const { page } = session;
    // The draft is kept on this device as it is typed: a reload loses nothing, so nothing is asked.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(app.at('#/compose'));
    const box = page.getByLabel(compose.contentLabel);
    const draft = uniqueText('A draft that must survive a reload.\nSecond line.');
    await box.pressSequentially(draft.slice(0, 12));
    await box.fill(draft);
    await page.reload();
    await expect(page.getByLabel(compose.contentLabel)).toHaveValue(draft);
    expect(dialogs, 'a question about a draft that stays saved').toEqual([]);
    expect(await postsWithText(mockApi, draft), 'a draft must not be posted').toEqual([]);
  });

  test('two tabs writing a new post keep both drafts: each reloaded tab has its own text back and offers the other’s', async ({ app, openPage }) => {
    const { page: first, context } = await openPage();
    const second = await context.newPage();
    await openSignedIn(first, TOKENS.ada, { url: app.at('#/compose') });
    await openSignedIn(second, TOKENS.ada, { url: app.at('#/compose') });
    const texts = [uniqueText('Written in the first tab.'), uniqueText('Written in the second tab.')] as const;
    await first.getByLabel(compose.contentLabel).pressSequentially(texts[0]);
    await second.getByLabel(compose.contentLabel).pressSequentially(texts[1]);

    await Promise.all([first.reload(), second.reload()]);
    for (const [page, own, other] of [
      [first, texts[0], texts[1]],
      [second, texts[1], texts[0]],
    ] as const) {
      await expect(page.getByLabel(compose.contentLabel)).toHaveValue(own);
      // Its own text in the box, so the offer is closed: opened from the keyboard.
      const summary = page.getByText('1 other draft', { exact: true });
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('listitem').filter({ hasText: other })).toBeVisible();
    }
    // Taking the other's text into the first tab adds it after its own; the second tab's offer then
    // lists nothing but what it typed itself is untouched.
    await first.getByRole('button', { name: compose.useDraft }).click();
    await expect(first.getByLabel(compose.contentLabel)).toHaveValue(`${texts[0]}\n\n${texts[1]}`);
    await expect(first.getByLabel(compose.contentLabel)).toBeFocused();
    await expect(second.getByLabel(compose.contentLabel)).toHaveValue(texts[1]);
  });

  test('a duplicated tab (its sessionStorage copied) writes its own draft, not the first tab’s', async ({ app, openPage }) => {
    const { page: first, context } = await openPage();
    await openSignedIn(first, TOKENS.ada, { url: app.at('#/compose') });
    const typed = uniqueText('Typed before the tab was duplicated.');
    await first.getByLabel(compose.contentLabel).pressSequentially(typed);
    // What "Duplicate tab" does: a new tab starting with a copy of this one's sessionStorage.
    const session = await first.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    const copy = await context.newPage();
    await copy.addInitScript((entries) => {
      if (sessionStorage.length === 0) for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value);
    }, session);
    await copy.goto(app.at('#/compose'));
    const copyBox = copy.getByLabel(compose.contentLabel);
    await expect(copyBox).toHaveValue(typed);
    await copyBox.press('End');
    await copyBox.pressSequentially(' And more, in the copy.');
    // Both kept on the device at once (not only in the pages' memory): closing both tabs loses neither.
    const kept = async () =>
      Object.values(JSON.parse((await storedAccountData(first, ADA.username, 'drafts')) ?? '{}') as Record<string, { content: string }>)
        .map((draft) => draft.content)
        .sort();
    await expect.poll(kept).toEqual([typed, `${typed} And more, in the copy.`].sort());

    await first.reload();
    await expect(first.getByLabel(compose.contentLabel)).toHaveValue(typed);
    await copy.reload();
    await expect(copy.getByLabel(compose.contentLabel)).toHaveValue(`${typed} And more, in the copy.`);
  });

  test('signing out with a draft asks first; kept, only its writer sees it again; discarded, it is gone', async ({ app, openPage }) => {
    const session = await signedInAsAda(openPage, app.url);
    const { page } = session;
    // The in-app dialog is the only question: no browser confirm on the way to sign-out.
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const openComposer = async () => {
      await page.getByRole('navigation', { name: appText.mainNav }).getByRole('link', { name: appText.newPost }).click();
      const box = page.getByLabel(compose.contentLabel);
      await expect(box).toBeVisible();
      return box;
    };
    const storedDrafts = (username: string) => storedAccountData(page, username, 'drafts');
    const signOutWith = async (choice: string) => {
      await page.getByRole('button', { name: auth.signOut }).click();
      const dialog = page.getByRole('dialog', { name: compose.unsentTitle });
      await expect(dialog.getByText('You have 1 unsent draft. Keep it on this device for next time, or discard it?')).toBeVisible();
      await dialog.getByRole('button', { name: choice }).click();
      await expect(page.getByLabel(auth.tokenLabel)).toBeVisible();
    };

    const draft = uniqueText('Ada’s unsent thought.');
    await (await openComposer()).fill(draft);
    await signOutWith('Keep draft and sign out');
    expect(await storedDrafts(ADA.username), 'the kept draft should stay in storage').toMatch(/unsent thought/);

    await signIn(page, TOKENS.bram);
    expect(await (await openComposer()).inputValue(), 'bram sees ada’s draft').toBe('');
    await expect(page.getByText(draft)).toHaveCount(0);
    // Nothing to keep: signing out asks nothing.
    await page.getByRole('button', { name: auth.signOut }).click();
    await expect(page.getByLabel(auth.tokenLabel)).toBeVisible();

    await signIn(page, TOKENS.ada);
    expect(await (await openComposer()).inputValue(), 'ada’s draft is not back').toBe(draft);
    await signOutWith('Discard draft and sign out');
    expect(await storedDrafts(ADA.username), 'the discarded draft is still stored').toBeNull();
    expect(nativeDialogs).toEqual([]);
  });
});
