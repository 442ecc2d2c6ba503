import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { clearDraft } from '../../src/features/compose/draft-store';
import { db, server, TEST_API_BASE } from '../mock-backend';

export const CREATE_URL = `${TEST_API_BASE}/v2/post`;
export const NEW_DRAFT_KEY = 'social.draft.new';

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

export function storedNewDraft(): { content: string; from: string; lock: boolean; nsfw: boolean } | null {
  const raw = localStorage.getItem(NEW_DRAFT_KEY);
  return raw ? (JSON.parse(raw) as { content: string; from: string; lock: boolean; nsfw: boolean }) : null;
}

/**
 * The draft store keeps an in-memory copy beside localStorage (for when storage is unavailable),
 * which test/setup.ts's localStorage.clear() does not reach: forget drafts between tests.
 */
export function forgetDrafts(...contexts: string[]) {
  for (const context of ['new', ...contexts]) clearDraft(context);
}

export const textarea = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'What do you want to say?' });
export const postButton = () => screen.getByRole('button', { name: 'Post' });
