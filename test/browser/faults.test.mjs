// The fault run: with a share of the mock API's answers failing (500, 503 as HTML, 429, connections
// dropped before or after the write), a careful person submits several posts one after another.
// They follow what the composer says (Retry, Send again, Check again, never Send anyway) and never
// retype. In the end every text exists on the server exactly once: nothing lost, nothing doubled.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  appUrl,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  mockState,
  newPage,
  setFaults,
  sharedBrowser,
  signIn,
  threadIdOf,
  TOKENS,
  USER_IDS,
} from './browser.mjs';

// FAULT_SEED / FAULT_TEXTS / FAULT_RATE override the fixed run (to explore other sequences).
const FAULTS = {
  rate: Number(process.env.FAULT_RATE ?? 0.3),
  kinds: ['500', '503-html', '429', 'drop-before', 'drop-after'],
  seed: Number(process.env.FAULT_SEED ?? 8),
};
const TEXTS = Number(process.env.FAULT_TEXTS ?? 8);
/** Presses of Retry / Send again / Check again / Try again per text before the run gives up. */
const MAX_ATTEMPTS = 20;
/** How long one attempt may take to settle (a check waits a second, then reads with retries). */
const SETTLE_MS = 45_000;
const RUN_TIMEOUT_MS = 240_000;

const THREAD = /#\/post\/(\d+)$/;
/** What the composer's submit button says when the person has to decide. */
const DECISION_LABELS = ['Post', 'Retry', 'Send again', 'Send anyway'];

const browser = sharedBrowser({ resetMockFirst: true });
after(async () => {
  await setFaults({ rate: 0 }).catch(() => {});
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where the page has settled, polled: 'posted' (the new post's thread opened), 'signed-out',
 * or the composer waiting for a decision { label, alert }.
 */
async function settle(page, form, deadline) {
  for (;;) {
    if (THREAD.test(page.url())) return { kind: 'posted' };
    if (await page.getByLabel('API token').isVisible().catch(() => false)) return { kind: 'signed-out' };
    const submit = form.locator('button[type="submit"]');
    if (await submit.isVisible().catch(() => false)) {
      // The form may go away under these reads (a confirmed send navigates): never wait long on it.
      const [label, busy] = await Promise.all([
        submit.innerText({ timeout: 1000 }).catch(() => ''),
        submit.getAttribute('aria-busy', { timeout: 1000 }).catch(() => 'true'),
      ]);
      if (busy !== 'true' && DECISION_LABELS.includes(label.trim())) {
        // A confirmed send resets the form a moment before the thread opens: wait for the state
        // to hold still before acting on it.
        await sleep(300);
        if (THREAD.test(page.url())) return { kind: 'posted' };
        const again = await submit.innerText({ timeout: 1000 }).catch(() => null);
        if (again?.trim() === label.trim()) {
          const alert = form.getByRole('alert');
          const message = (await alert.count()) ? ((await alert.innerText({ timeout: 1000 }).catch(() => '')) || '').trim() : '';
          return { kind: 'decide', label: label.trim(), alert: message };
        }
      }
    }
    if (Date.now() > deadline) throw new Error(`the composer did not settle in ${SETTLE_MS} ms (at ${page.url()})`);
    await sleep(100);
  }
}

/**
 * Waits for the composer's text box. The composer opens once who-am-I has answered (drafts are
 * kept per account); when that read fails past its retries the page says so with "Try again",
 * and the person presses it, as often as it is offered.
 */
async function openComposer(page, box, met) {
  const accountFailed = page.getByRole('alert').filter({ hasText: 'Could not load your account' });
  const tryAgain = accountFailed.getByRole('button', { name: 'Try again' });
  const deadline = Date.now() + SETTLE_MS;
  for (let presses = 0; !(await box.isVisible()); ) {
    if (await tryAgain.isVisible().catch(() => false)) {
      presses += 1;
      assert.ok(presses <= MAX_ATTEMPTS, `the composer could not load the account after ${MAX_ATTEMPTS} presses of Try again`);
      met.push('account did not load → Try again');
      await press(page, tryAgain, isWhoAmI);
    }
    assert.ok(Date.now() < deadline, `the composer did not open in ${SETTLE_MS} ms`);
    await sleep(100);
  }
}

/** Clicks `button` and waits until the click was acted on: `request` seen, or the page moved on. */
async function press(page, button, isRequest) {
  const acted = page.waitForRequest(isRequest, { timeout: 10_000 }).catch(() => null);
  await button.click();
  await acted;
}

const isCreate = (request) => request.method() === 'PUT' && /\/v2\/post$/.test(new URL(request.url()).pathname);
// Who-am-I is PATCH /v2/profile with every field null (docs/api-notes.md).
const isWhoAmI = (request) => request.method() === 'PATCH' && /\/v2\/profile$/.test(new URL(request.url()).pathname);
const isRead = (request) => request.method() === 'GET' && /\/v2\/post\/\d+$/.test(new URL(request.url()).pathname);

describe('the fault run', () => {
  test(`${TEXTS} posts through ${FAULTS.rate * 100}% injected faults: each lands exactly once, no typed text lost`, { timeout: RUN_TIMEOUT_MS + 30_000 }, async () => {
    const session = await newPage(browser());
    const { page } = session;
    const runDeadline = Date.now() + RUN_TIMEOUT_MS;
    const dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    // Faults the page met on the network, per text: all of them, and what each create got back.
    let network = 0;
    let creates = [];
    page.on('response', (response) => {
      if (isCreate(response.request())) creates.push(String(response.status()));
      if (response.url().includes('/v2/') && [429, 500, 503].includes(response.status())) network += 1;
    });
    page.on('requestfailed', (request) => {
      if (isCreate(request)) creates.push('dropped');
      if (request.url().includes('/v2/')) network += 1;
    });

    const stamp = Date.now().toString(36);
    const texts = Array.from({ length: TEXTS }, (_, i) => `Fault run ${stamp}: post ${i + 1} of ${TEXTS}, typed once.`);
        const summary = [];
    try {
      // Signed in, feed loaded, before the faults start.
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: 15_000 });
      await setFaults(FAULTS);

      for (const [index, text] of texts.entries()) {
        const met = [];
        network = 0;
        creates = [];

        // To the composer through the navigation; it starts empty (the last draft was confirmed).
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
        const form = page.getByRole('form', { name: 'Write a post' });
        const box = form.getByLabel('What do you want to say?');
        await openComposer(page, box, met);
        assert.equal(await box.inputValue(), '', `text ${index + 1}: the composer did not start empty`);
        await box.fill(text);
        await press(page, form.getByRole('button', { name: 'Post', exact: true }), isCreate);

        let attempts = 0;
        for (;;) {
          assert.ok(Date.now() < runDeadline, `the fault run took longer than ${RUN_TIMEOUT_MS / 1000} s`);
          const state = await settle(page, form, Math.min(runDeadline, Date.now() + SETTLE_MS));
          if (state.kind === 'posted') break;
          attempts += 1;
          assert.ok(attempts <= MAX_ATTEMPTS, `text ${index + 1}: still not posted after ${MAX_ATTEMPTS} attempts (${met.join(', ')})`);

          if (state.kind === 'signed-out') {
            met.push('signed out');
            await signIn(page, TOKENS.ada, { expectFeed: false });
            await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 }).catch(() => {});
            continue;
          }

          // No typed text is ever lost: it is still in the box, as typed.
          assert.equal(await box.inputValue({ timeout: 2000 }), text, `text ${index + 1}: the typed text was lost after "${state.alert}"`);

          if (state.label === 'Send again') {
            assert.match(state.alert, /did not arrive/, `"Send again" offered without saying the post did not arrive: ${state.alert}`);
            met.push('did not arrive → Send again');
            await press(page, form.getByRole('button', { name: 'Send again', exact: true }), isCreate);
          } else if (state.label === 'Send anyway') {
            assert.match(state.alert, /may have been posted|could not be checked/, `unexpected message: ${state.alert}`);
            met.push('could not be checked → Check again');
            await press(page, form.getByRole('button', { name: 'Check again', exact: true }), isRead);
          } else if (state.label === 'Retry') {
            assert.ok(state.alert, 'a failed send should say why');
            met.push(`error (${state.alert.slice(0, 40)}) → Retry`);
            await press(page, form.getByRole('button', { name: 'Retry', exact: true }), isCreate);
          } else {
            // "Post" again with no message: the click did not take. Press it once more.
            met.push('nothing happened → Post');
            await press(page, form.getByRole('button', { name: 'Post', exact: true }), isCreate);
          }
        }

        // The new post's thread: it shows the text, after "Try again" if loading it failed.
        const id = threadIdOf(page);
        const shown = page.getByRole('article').first().getByText(text);
        for (let tries = 0; !(await shown.isVisible()); tries += 1) {
          const tryAgain = page.getByRole('button', { name: 'Try again' }).first();
          if (await tryAgain.isVisible()) {
            met.push('thread error → Try again');
            await tryAgain.click();
          }
          assert.ok(tries < 200 && Date.now() < runDeadline, `text ${index + 1}: the thread of post ${id} never showed it`);
          await sleep(100);
        }
        summary.push({ index: index + 1, id, ui: met, network, creates });
      }
    } finally {
      await setFaults({ rate: 0 }).catch(() => {});
      await session.close();
    }

    const total = summary.reduce((n, s) => n + s.ui.length, 0);
    const faulty = (s) => s.network;
    const line = summary.map((s) => `#${s.index}→post ${s.id}: ${faulty(s)} (creates ${s.creates.join('/')})`).join('; ');
    console.log(
      `# fault run (rate ${FAULTS.rate}, seed ${FAULTS.seed}): ${summary.length}/${TEXTS} texts posted; ` +
        `faults met per text (failed API answers of any request, and each create's outcome): ${line}; ` +
        `${total} decisions asked of the person`,
    );
    for (const s of summary) if (s.ui.length) console.log(`#   text ${s.index}: ${s.ui.join('; ')}`);

    // What the server holds: every text exactly once, by ada, as a top-level post.
    const state = await mockState();
    const problems = [];
    for (const [i, text] of texts.entries()) {
      const index = i + 1;
      const copies = state.posts.filter((post) => post.content === text);
      if (copies.length !== 1) problems.push(`text ${index}: ${copies.length} copies on the server (ids ${copies.map((p) => p.id).join(', ')})`);
      else if (copies[0].author !== USER_IDS.ada || copies[0].parent_id !== null) problems.push(`text ${index}: wrong author or parent`);
    }
    assert.equal(summary.length, TEXTS, 'not every text was submitted');
    assert.deepEqual(problems, [], 'every submitted text must exist exactly once');
    assert.deepEqual(dialogs, [], 'no dialog (leave guard) should have appeared');
    assert.deepEqual(session.pageErrors, [], `uncaught errors in the page:${formatErrors(session.pageErrors)}`);
    const unexpected = session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE, /net::ERR_/, /Failed to fetch/] });
    assert.deepEqual(unexpected, [], `unexpected console errors:${formatErrors(unexpected)}`);

  });
});
