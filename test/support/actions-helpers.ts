import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { clearDraft, contextOf, readDrafts } from '../../src/entities/draft/draft-store';
import { MOCK_USER_IDS, TEST_API_BASE, db, server } from './mock-backend';
import { keyFor } from './account-data';

export const POST_URL = `${TEST_API_BASE}/v2/post/:id`;

/** Ada's own seed posts: 5 has replies 6 and 9; 10 is her reply to Dalia's 7; 12 is locked. */
export const ADA_ROOT = 5;
export const ADA_REPLY_TO_DALIA = 10;
export const DALIA_PARENT = 7;
export const BRAM_POST = 2;

type Body = Record<string, unknown>;

interface SpyOptions {
  /** Held this many ms, or until this resolves (`n` counts from 1), before the mock backend answers. */
  hold?: number | ((n: number) => Promise<unknown>);
  /** Answer with this instead of passing through to the mock backend (undefined: pass through). */
  respond?: (n: number) => Response | undefined;
}

/** Spies on one method of /v2/post/:id, keeps each JSON body, passes through to the db unless told. */
function spyOn(method: 'patch' | 'delete', { hold, respond }: SpyOptions = {}) {
  const calls: { id: string; body: Body | null }[] = [];
  server.use(
    http[method](POST_URL, async ({ request, params }) => {
      const text = await request.clone().text();
      calls.push({ id: String(params.id), body: text ? (JSON.parse(text) as Body) : null });
      const n = calls.length;
      if (typeof hold === 'number') await delay(hold);
      else if (hold) await hold(n);
      return respond?.(n);
    }),
  );
  return calls;
}

export const spyOnUpdate = (options?: SpyOptions) => spyOn('patch', options);
export const spyOnDelete = (options?: SpyOptions) => spyOn('delete', options);

export function failWith(status: number, reason: string): () => Response {
  return () => HttpResponse.json({ error: true, reason }, { status });
}

/** A promise the test opens by hand: requests wait on it. */
export function gate() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait: () => wait, open };
}

/** GET /v2/post/{id} of this one post waits for `until` from now on (others pass straight through). */
export function holdPostGets(id: number, until: () => Promise<unknown>) {
  server.use(
    http.get(POST_URL, async ({ params }) => {
      if (String(params.id) === String(id)) await until();
      return undefined;
    }),
  );
}

/** How many `method` requests to /v2/post/{id} the mock backend has answered so far (read it live). */
export function countPostAnswers(method: 'PATCH' | 'DELETE'): () => number {
  let n = 0;
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && /\/v2\/post\/\d+$/.test(new URL(request.url).pathname)) n += 1;
  };
  server.events.on('response:mocked', listener);
  onTestFinished(() => {
    server.events.removeListener('response:mocked', listener);
  });
  return () => n;
}

/** GET /v2/post/:id requests sent during the current test, by id. */
export function countPostGets(): string[] {
  const ids: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const match = /\/v2\/post\/(\d+)$/.exec(new URL(request.url).pathname);
    if (request.method === 'GET' && match?.[1]) ids.push(match[1]);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return ids;
}

/** The card of one post, once it is on screen. */
export function findCard(id: number): Promise<HTMLElement> {
  return waitFor(() => {
    const card = document.querySelector<HTMLElement>(`article[data-post-id="${id}"]`);
    if (!card) throw new Error(`No card for post ${id} yet`);
    return card;
  });
}

/** The card of one post, or null when it is not on screen. */
export const queryCard = (id: number) => document.querySelector<HTMLElement>(`article[data-post-id="${id}"]`);

export const lockBadge = (card: HTMLElement) => within(card).queryByText('Locked: replies are closed');
export const nsfwBadge = (card: HTMLElement) => within(card).queryByText('NSFW');
export const replyBox = () => screen.queryByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' });
export const repliesClosed = () => screen.queryByText('Replies are closed: this post is locked.');

/** The count heading of the thread's replies ("2 replies", "No replies yet"). */
export const repliesHeading = () => document.getElementById('thread-replies-title');

/** A reply by ada to `parentId`, created straight in the db. */
export function adaReply(parentId: number, content = 'A reply Ada will take back.') {
  return db.createPost(MOCK_USER_IDS.ada, { content, parentId });
}

/** ada's stored reply draft to `parentId` (drafts are kept per account, by context), or null. */
export function storedReplyDraft(parentId: number): { content: string } | null {
  const raw = localStorage.getItem(keyFor('ada', 'drafts'));
  const drafts = raw ? (JSON.parse(raw) as Record<string, { content: string }>) : {};
  // Under the composer's key (`reply:5#<composer id>`) or, from before composers had ids, the context's.
  const key = Object.keys(drafts).find((k) => contextOf(k) === `reply:${parentId}`);
  return key ? drafts[key]! : null;
}

/**
 * The draft store keeps an in-memory copy beside localStorage, which test/setup.ts does not
 * reach: forget the reply drafts a test may have left.
 */
export function forgetReplyDrafts(...parentIds: number[]) {
  const contexts = new Set(parentIds.map((id) => `reply:${id}`));
  for (const key of Object.keys(readDrafts('ada'))) if (contexts.has(contextOf(key))) clearDraft('ada', key);
}
