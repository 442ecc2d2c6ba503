/**
 * What the replies watch's tests share (test/features/replies/): who is in use, the seed's posts of
 * Ada, and a query client per test with the tab's visibility in the test's hands.
 */
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { tokenStore } from '../../src/entities/account/token-store';
import { freshRepliesState, writeRepliesState } from '../../src/entities/replies/replies-store';
import { configureApi } from '../../src/lib/api/client';
import { signInAs } from './account-data';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from './mock-backend';
import { testQueryClient } from './query-client';

/** `username` is the account in use (signed in and known; `uuid` once learned). */
export function setIdentity({ username, uuid }: { username: string; uuid: string | null }): void {
  signInAs(username);
  if (uuid) tokenStore.note({ uuid });
}

/** `account` in use, past its baseline, with `since` as the id below which replies existed before. */
export function inUse(account: string, own: string[] = [], since = 100): void {
  writeRepliesState(signInAs(account), { ...freshRepliesState(since), own, baseline: false });
}

/** Ada's posts in the seed, newest first: 75, 69, 65, 60, 55, 51, 29, 23, 19, 12, 10, 5, 1. */
export const adasPosts = (): string[] =>
  db
    .posts()
    .filter((p) => p.author === MOCK_USER_IDS.ada)
    .map((p) => String(p.id))
    .reverse();

export interface WatchTestContext {
  /** This test's query client. */
  readonly client: QueryClient;
  /** What `document.visibilityState` answers from now on. */
  setVisibility(state: DocumentVisibilityState): void;
}

/**
 * Registers the per-test setup: a fresh query client, the API client on the mock as Ada, the tab
 * visible (until `setVisibility`), and everything stubbed or faked put back after the test.
 */
export function watchTestContext({ after }: { after?: () => void } = {}): WatchTestContext {
  let client: QueryClient | undefined;
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    client = testQueryClient();
    configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada, timeoutMs: 2_000 });
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    after?.();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  return {
    get client() {
      if (!client) throw new Error('watchTestContext: the client exists inside a test only');
      return client;
    },
    setVisibility(state) {
      visibility = state;
    },
  };
}
