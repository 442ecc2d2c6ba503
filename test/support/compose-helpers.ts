import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { contextOf, discardDrafts } from '../../src/entities/draft/draft-store';
import { mockSignInUsers } from '../../src/mocks/mock-users';
import { db, server, TEST_API_BASE } from './mock-backend';
import { keyFor } from './account-data';

export const CREATE_URL = `${TEST_API_BASE}/v2/post`;

/** Where an account's drafts are kept: one localStorage entry per username, a map of context to draft. */
export const draftsKey = (username = 'ada') => keyFor(username, 'drafts');

export interface StoredDraft {
  content: string;
  from: string;
  lock: boolean;
  nsfw: boolean;
}

interface CreateSpyOptions {
  /** Held this long before answering, so a second submit would overlap the first. `n` counts from 1. */
  delayMs?: number | ((n: number) => number);
  /** Answer with this instead of passing through to the mock backend (undefined: pass through). */
  respond?: (n: number) => Response | undefined;
}

/** Counts every create (PUT /v2/post) and keeps its JSON body; passes through to the db unless told. */
export function spyOnCreate({ delayMs = 0, respond }: CreateSpyOptions = {}) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put(CREATE_URL, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
      const n = bodies.length;
      const ms = typeof delayMs === 'function' ? delayMs(n) : delayMs;
      if (ms > 0) await delay(ms);
      // undefined: the next handler (the mock backend) answers and the db holds the post.
      return respond?.(n);
    }),
  );
  return {
    bodies,
    get count() {
      return bodies.length;
    },
  };
}

export function failWith(status: number, reason: string): () => Response {
  return () => HttpResponse.json({ error: true, reason }, { status });
}

/** Posts in the db created during this test (the seed is reset after each test). */
export function createdPosts(firstNewId: number) {
  return db.posts().filter((p) => p.id >= firstNewId);
}

/**
 * The drafts localStorage holds for `username`, by context ("new", "reply:5"), or null when none.
 * A composer keeps its own under `<context>#<composer id>`: grouped here under the context (the
 * most recently saved when several composers keep one); rawStoredDrafts has the keys as stored.
 */
export function storedDrafts(username = 'ada'): Record<string, StoredDraft> | null {
  const raw = rawStoredDrafts(username);
  if (!raw) return null;
  const byContext: Record<string, StoredDraft & { savedAt?: number }> = {};
  for (const [key, draft] of Object.entries(raw)) {
    const context = contextOf(key);
    const kept = byContext[context];
    if (!kept || (draft.savedAt ?? 0) >= (kept.savedAt ?? 0)) byContext[context] = draft;
  }
  return byContext;
}

export function rawStoredDrafts(username = 'ada'): Record<string, StoredDraft & { savedAt?: number }> | null {
  const raw = localStorage.getItem(draftsKey(username));
  return raw ? (JSON.parse(raw) as Record<string, StoredDraft & { savedAt?: number }>) : null;
}

export function storedNewDraft(username = 'ada'): StoredDraft | null {
  return storedDrafts(username)?.new ?? null;
}

/**
 * The draft store keeps an in-memory copy beside localStorage (for when storage is unavailable),
 * which test/setup.ts's localStorage.clear() does not reach: forget every mock user's drafts
 * between tests.
 */
export function forgetDrafts(...extraUsernames: string[]) {
  for (const { username } of mockSignInUsers()) discardDrafts(username);
  for (const username of extraUsernames) discardDrafts(username);
}

// The text box shows once who-am-I has said whose drafts to open (a request after the page's own): allow for a loaded machine.
export const textarea = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'What do you want to say?' }, { timeout: 5_000 });
export const postButton = () => screen.getByRole('button', { name: 'Post' });
