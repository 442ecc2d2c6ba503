// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '../../src/mocks/db';
import { createFixtureSnapshot, FIXTURE_BASE_EPOCH, FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS } from '../../src/mocks/fixtures';

/** The seed is a contract: the feed, thread and profile screens and their tests rely on these traits. */
const seed = createFixtureSnapshot();
const byId = new Map(seed.posts.map((p) => [p.id, p]));
const ids = [...byId.keys()].sort((a, b) => a - b);

describe('users', () => {
  it('has at least four users with the documented, distinct tokens and valid usernames', () => {
    expect(seed.users.length).toBeGreaterThanOrEqual(4);
    expect(Object.fromEntries(seed.users.map((u) => [u.uuid, u.token]))).toEqual(
      Object.fromEntries(Object.entries(MOCK_USER_IDS).map(([key, uuid]) => [uuid, MOCK_TOKENS[key as keyof typeof MOCK_TOKENS]])),
    );
    for (const u of seed.users) expect(u.username).toMatch(USERNAME_PATTERN);
  });

  it('has an nsfw user and a private user', () => {
    expect(seed.users.filter((u) => u.nsfw).map((u) => u.uuid)).toEqual([MOCK_USER_IDS.bram]);
    expect(seed.users.filter((u) => u.private).map((u) => u.uuid)).toEqual([MOCK_USER_IDS.chen]);
  });

  it('has json fields as strings, arrays, objects and other values', () => {
    const shapes = new Set(
      seed.users.flatMap((u) => [u.badge, u.special_badge, u.pronoun]).map((v) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v)),
    );
    expect([...shapes].sort()).toEqual(['array', 'null', 'number', 'object', 'string']);
  });

  it('has a user with script URLs as images', () => {
    const mallory = seed.users.find((u) => u.uuid === MOCK_USER_IDS.mallory)!;
    expect(mallory.pfp).toMatch(/^javascript:/);
    expect(mallory.banner).toMatch(/^data:text\/html/);
  });
});

describe('posts', () => {
  it('has 40+ top-level posts, dated in seconds over a few weeks, increasing with id', () => {
    expect(seed.posts.filter((p) => p.parent_id === null).length).toBeGreaterThanOrEqual(40);
    const dates = ids.map((id) => byId.get(id)!.date);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates.at(-1)!).toBeLessThan(FIXTURE_BASE_EPOCH);
    expect(dates.at(-1)! - dates[0]!).toBeGreaterThan(21 * 86400);
    expect(dates.at(-1)! - dates[0]!).toBeLessThan(42 * 86400);
  });

  it('has a run of more than 16 missing ids between existing ones, and the counter past every id', () => {
    let longest = 0;
    for (let i = 1; i < ids.length; i++) longest = Math.max(longest, ids[i]! - ids[i - 1]! - 1);
    expect(longest).toBeGreaterThan(16);
    const { from, to } = FIXTURE_POST_IDS.deletedRun;
    for (let id = from; id <= to; id++) expect(byId.has(id)).toBe(false);
    expect(seed.nextId).toBe(FIXTURE_POST_IDS.highestUsed + 1);
    expect(seed.nextId).toBeGreaterThan(ids.at(-1)!);
  });

  it('links every reply both ways, with a chain at least two replies deep', () => {
    for (const post of seed.posts) {
      for (const r of post.replies) expect(byId.get(r)!.parent_id).toBe(post.id);
      if (post.parent_id !== null && byId.has(post.parent_id)) expect(byId.get(post.parent_id)!.replies).toContain(post.id);
    }
    const [root, a, b, c] = FIXTURE_POST_IDS.replyChain;
    expect([byId.get(a)!.parent_id, byId.get(b)!.parent_id, byId.get(c)!.parent_id]).toEqual([root, a, b]);
    expect(byId.has(byId.get(FIXTURE_POST_IDS.orphanReply)!.parent_id!)).toBe(false);
  });

  it('flags the documented locked and nsfw posts, and only those', () => {
    expect(seed.posts.filter((p) => p.lock).map((p) => p.id)).toEqual([...FIXTURE_POST_IDS.locked]);
    expect(seed.posts.filter((p) => p.nsfw).map((p) => p.id)).toEqual([...FIXTURE_POST_IDS.nsfw]);
    expect(byId.get(FIXTURE_POST_IDS.lockedWithReply)!.replies.length).toBeGreaterThan(0);
    expect(seed.posts.filter((p) => p.edited > 0).map((p) => p.id)).toEqual([...FIXTURE_POST_IDS.edited]);
  });

  it('has long, emoji, right-to-left and hostile text', () => {
    expect(byId.get(FIXTURE_POST_IDS.long)!.content.length).toBeGreaterThan(2000);
    expect(byId.get(FIXTURE_POST_IDS.emoji)!.content).toMatch(/\p{Extended_Pictographic}\u200D/u);
    for (const id of FIXTURE_POST_IDS.rtl) expect(byId.get(id)!.content).toMatch(/[\u0590-\u05FF\u0600-\u06FF]/);
    for (const s of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      expect(seed.posts.some((p) => p.content.includes(s))).toBe(true);
      expect(seed.posts.some((p) => p.from.includes(s))).toBe(true);
    }
    expect(seed.users.some((u) => u.displayname.includes('<img'))).toBe(true);
    expect(seed.users.some((u) => u.bio.includes('<script>'))).toBe(true);
    for (const id of FIXTURE_POST_IDS.hostile) expect(byId.get(id)!.author).toBe(MOCK_USER_IDS.mallory);
  });
});

it('hands out an independent copy every call', () => {
  const a = createFixtureSnapshot();
  a.posts[0]!.content = 'changed';
  a.users[0]!.username = 'changed';
  expect(createFixtureSnapshot().posts[0]!.content).not.toBe('changed');
  expect(createFixtureSnapshot().users[0]!.username).not.toBe('changed');
});
