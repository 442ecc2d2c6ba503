// Writing journeys in a real browser against the mock v2 API over HTTP: compose, reply, edit, lock,
// mark sensitive and delete a post; edit the profile; a draft that survives a reload, and drafts
// kept or discarded at sign-out, never shown to another account. Every step is
// checked twice: what the person sees, and what the server ends up holding (GET /__mock/state).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appUrl,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  mockPost,
  mockState,
  newPage,
  sharedBrowser,
  signIn,
  threadIdOf,
  TOKENS,
  USER_IDS,
  waitUntil,
} from './browser.mjs';

const browser = sharedBrowser({ resetMockFirst: true });

/** A fresh page signed in as ada; asserts afterwards that the page logged no unexpected errors. */
async function asAda(fn) {
  const session = await newPage(browser());
  try {
    await session.page.goto(appUrl());
    await signIn(session.page, TOKENS.ada);
    await fn(session.page, session);
    assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
  } finally {
    await session.close();
  }
}

/** Unique per run, so a stale server state can never make a test pass by accident. */
function uniqueText(label) {
  return `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

const postsWithText = async (text) => (await mockState()).posts.filter((post) => post.content === text);

/** Waits until the server holds post `id` in the shape `check` accepts; resolves the post. */
function serverPost(id, check, message) {
  return waitUntil(async () => {
    const post = await mockPost(id);
    return post && check(post) ? post : null;
  }, { message: `post ${id} on the server: ${message}` });
}

describe('writing as ada', () => {
  test('compose, reply, edit, lock, unlock, mark sensitive, delete', async () => {
    await asAda(async (page) => {
      const text = uniqueText('A browser-test post');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
      const box = page.getByLabel('What do you want to say?');
      await box.waitFor();
      await box.fill(text);
      await page.getByRole('button', { name: 'Post', exact: true }).click();

      // The new post's thread opens; the server holds exactly one post with that text, by ada.
      await page.waitForURL(/#\/post\/\d+$/, { timeout: 15_000 });
      const id = threadIdOf(page);
      const threadPost = page.getByRole('article').first();
      await threadPost.getByText(text).waitFor();
      const created = await postsWithText(text);
      assert.equal(created.length, 1, `the server holds ${created.length} posts with the text`);
      assert.equal(String(created[0].id), id);
      assert.equal(created[0].author, USER_IDS.ada);
      assert.equal(created[0].parent_id, null);

      // Reply in the thread.
      const replyText = uniqueText('A reply from the browser test');
      await page.getByLabel('Your reply').fill(replyText);
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await page.getByRole('list', { name: /^Replies to / }).getByText(replyText).waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { name: '1 reply', exact: true }).waitFor();
      assert.equal(await page.getByLabel('Your reply').inputValue(), '', 'the reply box should be empty after sending');
      const replies = await postsWithText(replyText);
      assert.equal(replies.length, 1, `the server holds ${replies.length} replies with the text`);
      assert.equal(String(replies[0].parent_id), id);
      assert.deepEqual((await mockPost(id)).replies.map(String), [String(replies[0].id)]);

      // Edit the post, with a reason.
      const edited = uniqueText('An edited browser-test post');
      await threadPost.getByRole('button', { name: 'Edit', exact: true }).click();
      await threadPost.getByLabel('Post text').fill(edited);
      await threadPost.getByLabel('Reason for the edit (optional)').fill('fixing a typo');
      await threadPost.getByRole('button', { name: 'Save', exact: true }).click();
      await threadPost.getByText(edited).waitFor();
      await threadPost.getByText('edited', { exact: false }).filter({ hasText: /^\W*edited$/ }).waitFor();
      assert.equal(await threadPost.getByText(text, { exact: true }).count(), 0, 'the old text still shows');
      const afterEdit = await serverPost(id, (post) => post.content === edited, 'edited content');
      assert.ok(afterEdit.edited > 0, 'the server should mark the post as edited');

      // Lock: the badge, replies closed, the server holds lock: true.
      await threadPost.getByRole('button', { name: 'Lock', exact: true }).click();
      await threadPost.getByTitle('Locked: replies are closed').waitFor();
      await page.getByText('Replies are closed: this post is locked.').waitFor();
      assert.equal(await page.getByLabel('Your reply').count(), 0, 'a locked post still offers the reply box');
      await serverPost(id, (post) => post.lock === true, 'lock true');

      // Unlock: the reply box is back.
      await threadPost.getByRole('button', { name: 'Unlock', exact: true }).click();
      await page.getByLabel('Your reply').waitFor();
      assert.equal(await threadPost.getByTitle('Locked: replies are closed').count(), 0, 'the lock badge stays after unlocking');
      await serverPost(id, (post) => post.lock === false, 'lock false');

      // Mark sensitive: the content goes behind the gate, the server holds nsfw: true.
      await threadPost.getByRole('button', { name: 'Mark sensitive', exact: true }).click();
      await threadPost.getByRole('button', { name: 'Unmark sensitive', exact: true }).waitFor();
      await threadPost.getByRole('button', { name: 'Show post' }).waitFor();
      await serverPost(id, (post) => post.nsfw === true, 'nsfw true');
      assert.equal((await mockPost(id)).content, edited, 'the toggles must not touch the content');

      // Delete, confirmed in the dialog: back to where the person came from, the post gone everywhere.
      await threadPost.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      // Back where "New post" was pressed (the composer replaced itself with the thread): the feed.
      await page.waitForURL((url) => /^#?\/?$/.test(url.hash), { timeout: 15_000, waitUntil: 'commit' });
      await waitUntil(async () => (await mockPost(id)) === undefined, { message: `post ${id} to leave the server` });
      assert.equal((await postsWithText(edited)).length, 0);
      assert.equal(await page.getByLabel('What do you want to say?').count(), 0, 'landed on the composer again');

      const feed = page.getByRole('feed', { name: 'Posts' });
      await feed.getByRole('article').first().waitFor({ timeout: 15_000 });
      await feed.getByText('Newest seed post.').waitFor({ timeout: 15_000 });
      assert.equal(await page.locator(`[role="feed"] article[data-post-id="${id}"]`).count(), 0, 'the deleted post is still in the feed');
      assert.equal(await feed.getByText(edited).count(), 0, 'the deleted post’s text is still in the feed');
    });
  });

  test('edit the profile, reached by clicking from the feed: name and bio saved; a javascript: avatar URL is refused at the field', async () => {
    await asAda(async (page) => {
      // As a person finds it: from the feed to their own profile (the header links it once a post
      // of theirs has loaded), and from there to the form. No address typed.
      await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: 15_000 });
      await page.getByRole('banner').getByRole('link', { name: /^Your profile:/ }).click({ timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace', exact: true }).waitFor({ timeout: 15_000 });
      await page.getByRole('main').getByRole('link', { name: 'Edit profile' }).click({ timeout: 15_000 });
      await page.waitForURL((url) => url.hash === '#/profile/edit');
      const name = page.getByLabel('Display name');
      await name.waitFor({ timeout: 15_000 });
      assert.equal(await name.inputValue(), 'Ada Lovelace');

      const newName = 'Augusta Ada King';
      const newBio = uniqueText('Countess of Lovelace; notes on the engine.');
      await name.fill(newName);
      await page.getByLabel('Bio').fill(newBio);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor({ timeout: 15_000 });
      await page.getByRole('banner').getByText(newName).waitFor();
      const ada = await waitUntil(async () => {
        const user = (await mockState()).users.find((u) => u.uuid === USER_IDS.ada);
        return user?.displayname === newName ? user : null;
      }, { message: 'the new display name on the server' });
      assert.equal(ada.bio, newBio);
      assert.equal(ada.username, 'ada', 'an unchanged field must not change');

      // A javascript: avatar is refused next to its field, and never sent.
      const avatar = page.getByLabel('Avatar URL');
      await avatar.fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save profile' }).click();
      const error = page.getByRole('alert').filter({ hasText: 'Use an http:// or https:// address' });
      await error.waitFor();
      const described = await avatar.evaluate((input) => ({
        invalid: input.getAttribute('aria-invalid'),
        description: (input.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((ref) => document.getElementById(ref)?.textContent ?? '')
          .join(' '),
        nextToField: input.parentElement?.contains(document.querySelector('.field-error')) ?? false,
      }));
      assert.equal(described.invalid, 'true');
      assert.match(described.description, /Use an http:\/\/ or https:\/\/ address/);
      assert.ok(described.nextToField, 'the message should sit in the avatar field');
      assert.equal(await page.getByText('Profile saved.').count(), 0);
      const after = (await mockState()).users.find((u) => u.uuid === USER_IDS.ada);
      assert.equal(after.pfp, ada.pfp, 'the refused avatar reached the server');
    });
  });

  test('a draft survives a reload of the composer', async () => {
    await asAda(async (page) => {
      // Leaving with an unsent draft asks first: this person means to reload.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(appUrl('#/compose'));
      const box = page.getByLabel('What do you want to say?');
      await box.waitFor();
      const draft = uniqueText('A draft that must survive a reload.\nSecond line.');
      await box.pressSequentially(draft.slice(0, 12));
      await box.fill(draft);
      await page.reload();
      await page.getByLabel('What do you want to say?').waitFor();
      assert.equal(await page.getByLabel('What do you want to say?').inputValue(), draft);
      assert.equal((await postsWithText(draft)).length, 0, 'a draft must not be posted');
    });
  });

  test('signing out with a draft asks first; kept, only its writer sees it again; discarded, it is gone', async () => {
    await asAda(async (page) => {
      // The in-app dialog is the only question: no browser confirm on the way to sign-out.
      const nativeDialogs = [];
      page.on('dialog', (dialog) => {
        nativeDialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const openComposer = async () => {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
        const box = page.getByLabel('What do you want to say?');
        await box.waitFor({ timeout: 15_000 });
        return box;
      };
      const storedDrafts = (username) => page.evaluate((key) => localStorage.getItem(key), `social.drafts:${username}`);
      const signOutWith = async (choice) => {
        await page.getByRole('button', { name: 'Sign out' }).click();
        const dialog = page.getByRole('dialog', { name: 'Sign out with unsent drafts?' });
        await dialog.waitFor();
        await dialog.getByText('You have 1 unsent draft. Keep it on this device for next time, or discard it?').waitFor();
        await dialog.getByRole('button', { name: choice }).click();
        await page.getByLabel('API token').waitFor({ timeout: 15_000 });
      };

      const draft = uniqueText('Ada’s unsent thought.');
      await (await openComposer()).fill(draft);
      await signOutWith('Keep draft and sign out');
      assert.match(await storedDrafts('ada'), /unsent thought/, 'the kept draft should stay in storage');

      await signIn(page, TOKENS.bram);
      assert.equal(await (await openComposer()).inputValue(), '', 'bram sees ada’s draft');
      assert.equal(await page.getByText(draft).count(), 0);
      // Nothing to keep: signing out asks nothing.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API token').waitFor({ timeout: 15_000 });

      await signIn(page, TOKENS.ada);
      assert.equal(await (await openComposer()).inputValue(), draft, 'ada’s draft is not back');
      await signOutWith('Discard draft and sign out');
      assert.equal(await storedDrafts('ada'), null, 'the discarded draft is still stored');
      assert.deepEqual(nativeDialogs, []);
    });
  });
});
