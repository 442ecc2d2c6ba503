// @vitest-environment node
import { readSaved } from '../../src/features/saved/saved-store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../src/lib/api/api-error';
import { getLatestBlog } from '../../src/lib/api/blog';
import { ping } from '../../src/lib/api/ping';
import { getPost } from '../../src/lib/api/posts';
import { identifyAccount } from '../../src/entities/account/device-accounts';
import { readMutes } from '../../src/entities/mute/mute-store';
import { readRepliesState, unseenCount } from '../../src/entities/replies/replies-store';
import { readLastSeen } from '../../src/entities/post/last-seen';
import { createMockDb } from '../../src/mocks/db';
import { MOCK_USER_IDS } from '../../src/mocks/fixtures';
import { LONG_THREAD_ROOT } from '../../src/mocks/long-thread-seed';
import { DEFAULT_KNOBS, SCENARIO_NAMES, type ScenarioKnobs, type ScenarioName } from '../../src/mocks/scenario-names';
import { SCENARIOS, scenarioHandlers } from '../../src/mocks/scenarios';
import { createTestTransport, server, TEST_API_BASE } from '../support/mock-backend';

/** Runs the test server in `name`; returns the scenario's database. */
function runScenario(name: ScenarioName, knobs: ScenarioKnobs = DEFAULT_KNOBS) {
  const scenario = SCENARIOS[name];
  const db = createMockDb({ seed: scenario.seed });
  server.use(...scenarioHandlers(scenario, { baseUrl: TEST_API_BASE, db, knobs: () => knobs, baseLatencyMs: 0 }));
  return db;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

/** The browser's localStorage, for the two scenarios that leave data there (this file runs without a DOM). */
function storeLocally(entries: Record<string, string>): void {
  const items = new Map(Object.entries(entries));
  const storage = {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
  vi.stubGlobal('window', { localStorage: storage, addEventListener: () => {} });
}
afterEach(() => vi.unstubAllGlobals());

describe('mock scenarios', () => {
  it('every scenario answers the token check of a seed user (the panel keeps people signed in)', async () => {
    for (const name of SCENARIO_NAMES.filter((n) => n !== 'expired-token' && n !== 'flaky' && n !== 'slow')) {
      runScenario(name);
      await expect(ping(createTestTransport()), name).resolves.toBe(true);
      server.resetHandlers();
    }
  });

  it('posts-arriving: others post while the page is open, one every 20 s, found by the next request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const db = runScenario('posts-arriving');
      const before = Math.max(...db.posts().map((post) => post.id));
      await getPost(createTestTransport(), '1');
      expect(Math.max(...db.posts().map((post) => post.id))).toBe(before);
      vi.setSystemTime(Date.now() + 45_000);
      await getPost(createTestTransport(), '1');
      const arrived = db.posts().filter((post) => post.id > before);
      expect(arrived).toHaveLength(2);
      // Right above the newest post: the feed's light checks (the id after the head) find them.
      expect(arrived.map((post) => post.id)).toEqual([before + 1, before + 2]);
      expect(arrived.every((post) => post.author !== MOCK_USER_IDS.ada && post.parent_id === null)).toBe(true);
      // The newest is there to be found by the feed's check for new posts.
      expect(await getPost(createTestTransport(), String(arrived[1]!.id))).toMatchObject({ content: 'New post number 2: it arrived while the page was open.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('empty: no posts, and the blog answers 404', async () => {
    const db = runScenario('empty');
    expect(db.posts()).toEqual([]);
    expect((await failure(getPost(createTestTransport(), '1'))).kind).toBe('not_found');
    expect((await failure(getLatestBlog(createTestTransport(null)))).kind).toBe('not_found');
  });

  it('expired-token: every authenticated request answers 401, the public blog still answers', async () => {
    runScenario('expired-token');
    expect((await failure(ping(createTestTransport()))).kind).toBe('unauthorized');
    expect((await failure(getPost(createTestTransport(), '1'))).kind).toBe('unauthorized');
    await expect(getLatestBlog(createTestTransport(null))).resolves.toMatchObject({ tag: 'release' });
  });

  it('replies-unseen: three replies by others to ada’s posts, remembered by the app as unseen under its own key', async () => {
    const db = runScenario('replies-unseen');
    const added = db.posts().filter((post) => post.id >= 78);
    expect(added.map((post) => [post.id, post.parent_id])).toEqual([[78, 75], [79, 69], [80, 65]]);
    expect(added.every((post) => post.author !== MOCK_USER_IDS.ada)).toBe(true);
    expect((await getPost(createTestTransport(), '75')).replies).toContain('78');
    const local = SCENARIOS['replies-unseen'].local!(db.snapshot());
    storeLocally(local);
    // What the app's store reads from it for ada (the same validation as in the browser).
    const state = readRepliesState(identifyAccount({ username: 'ada' }))!;
    expect(state.baseline).toBe(false);
    expect(unseenCount(state)).toBe(3);
    expect(state.own).toContain('75');
  });

  it('caught-up: ada last saw post 72, under her key in the format the app reads; five posts by others came since, three of them replies to her', () => {
    const db = createMockDb({ seed: SCENARIOS['caught-up'].seed });
    const since = db.posts().filter((post) => post.id > 72 && post.author !== MOCK_USER_IDS.ada);
    expect(since.map((post) => post.id)).toEqual(expect.arrayContaining([73, 74, 78, 79, 80]));
    expect(since).toHaveLength(5);
    storeLocally(SCENARIOS['caught-up'].local!(db.snapshot()));
    const ada = identifyAccount({ username: 'ada' });
    expect(readLastSeen(ada)).toBe(72);
    expect(unseenCount(readRepliesState(ada)!)).toBe(3);
  });

  it('saved: ada has saved 73, 31 (deleted in the seed) and 60, under her key in the format the app reads', () => {
    const db = createMockDb();
    expect(db.post(31)).toBeUndefined();
    expect([db.post(73), db.post(60)].every(Boolean)).toBe(true);
    storeLocally(SCENARIOS.saved.local!(db.snapshot()));
    expect(readSaved(identifyAccount({ username: 'ada' }))).toEqual(['73', '31', '60']);
  });

  it('long-threads: post 78 has 120 replies, one of them starting a twelve-deep chain', async () => {
    runScenario('long-threads');
    const t = createTestTransport();
    const root = await getPost(t, String(LONG_THREAD_ROOT));
    expect(root.replies).toHaveLength(120);
    let depth = 1;
    let post = await getPost(t, root.replies[0]!);
    while (post.replies.length > 0) {
      post = await getPost(t, post.replies[0]!);
      depth += 1;
    }
    expect(depth).toBe(13);
    expect((await getPost(t, root.replies[1]!)).replies).toHaveLength(8);
  });

  it('hostile: every post carries a script tag, every name markup', () => {
    const db = createMockDb({ seed: SCENARIOS.hostile.seed });
    expect(db.posts().every((p) => p.content.includes('<script>'))).toBe(true);
    expect(db.users().every((u) => /[<\u202E]/.test(u.displayname) || u.displayname.length > 60)).toBe(true);
  });

  it('muted: ada’s mutes, under the account data’s keys and in the mute store’s format (chen_w, who replied in post 5, and a word)', () => {
    const local = SCENARIOS.muted.local?.(createMockDb({ seed: SCENARIOS.muted.seed }).snapshot()) ?? {};
    storeLocally(local);
    // Found by the account's username when ada signs in, as the app does.
    expect(readMutes(identifyAccount({ username: 'ada' }))).toEqual({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: ['playlist'] });
    const db = createMockDb({ seed: SCENARIOS.muted.seed });
    expect(db.posts().find((p) => p.id === 9)).toMatchObject({ author: MOCK_USER_IDS.chen, parent_id: 5 });
  });

  it('heavy-nsfw: most posts and two profiles are sensitive', () => {
    const db = createMockDb({ seed: SCENARIOS['heavy-nsfw'].seed });
    const posts = db.posts();
    expect(posts.filter((p) => p.nsfw).length / posts.length).toBeGreaterThan(0.7);
    expect(db.user(MOCK_USER_IDS.bram)?.nsfw).toBe(true);
    expect(db.user(MOCK_USER_IDS.dalia)?.nsfw).toBe(true);
  });

  it('slow and flaky follow their sliders', async () => {
    expect(SCENARIOS.flaky.faults?.({ ...DEFAULT_KNOBS, errorRate: 0.8 })).toMatchObject({ rate: 0.8 });
    runScenario('slow', { ...DEFAULT_KNOBS, latencyMs: 150 });
    const started = Date.now();
    await ping(createTestTransport());
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('server-errors: everything fails but the token check', async () => {
    const faults = SCENARIOS['server-errors'].faults?.(DEFAULT_KNOBS);
    expect(faults).toMatchObject({ rate: 1 });
    expect(faults?.spare?.test('/mock-api/v2/ping')).toBe(true);
    expect(faults?.spare?.test('/mock-api/v2/blog/latest')).toBe(false);
    expect(faults?.kinds).toEqual(expect.arrayContaining(['500', '429', 'timeout']));
  });
});
