// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockDb, USERNAME_PATTERN } from '../../src/mocks/db';
import { createFixtureSnapshot, FIXTURE_BASE_EPOCH, FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS } from '../../src/mocks/fixtures';
import { MOCK_MEDIA_FILES, mockMedia } from '../../src/mocks/media';
import { SCENARIO_NAMES } from '../../src/mocks/scenario-names';
import { SCENARIOS } from '../../src/mocks/scenarios';

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

describe('pictures', () => {
  const MEDIA_DIR = new URL('../../src/mocks/media/', import.meta.url);
  // Where a preview under a sub-path keeps them; any base works the same.
  const BASE = 'http://127.0.0.1:4173/design/preview/mock-media/';

  function pictures(snapshot: ReturnType<typeof createFixtureSnapshot>): string[] {
    return [...snapshot.users.flatMap((u) => [u.pfp, u.banner]), snapshot.blog.image];
  }

  it.each(SCENARIO_NAMES)('%s: every http(s) picture is one of the mock files at the given base, none on another host', (name) => {
    const db = createMockDb({ seed: SCENARIOS[name].seed, mediaBase: BASE });
    const urls = pictures(db.snapshot());
    const http = urls.filter((url) => /^https?:/i.test(url));
    expect(http.length).toBeGreaterThan(0);
    for (const url of http) {
      expect(new URL(url).origin).toBe(new URL(BASE).origin);
      expect(url.startsWith(BASE), url).toBe(true);
      expect(MOCK_MEDIA_FILES).toContain(url.slice(BASE.length));
    }
    // The rest is empty or the hostile users' javascript:/data: URLs, which the app never fetches.
    for (const url of urls.filter((u) => !http.includes(u))) expect(url).toMatch(/^$|^javascript:|^data:/);
  });

  it('the seed shows avatars, banners, the blog image and one broken picture', () => {
    const seed = createFixtureSnapshot(mockMedia(BASE));
    const user = (key: keyof typeof MOCK_USER_IDS) => seed.users.find((u) => u.uuid === MOCK_USER_IDS[key])!;
    expect([user('ada').pfp, user('bram').pfp, user('dalia').pfp]).toEqual(['ada.svg', 'bram.svg', 'dalia.svg'].map((f) => BASE + f));
    expect([user('ada').banner, user('chen').banner, user('dalia').banner].every((url) => url.endsWith('.svg'))).toBe(true);
    expect(seed.blog.image).toBe(`${BASE}blog-draft-4.svg`);
    expect(user('chen').pfp).toBe(`${BASE}broken-avatar.png`);
  });

  it('ships every listed file, small, and the broken one is not an image', () => {
    const onDisk = readdirSync(MEDIA_DIR).sort();
    expect(onDisk).toEqual([...MOCK_MEDIA_FILES].sort());
    const sizes = onDisk.map((name) => statSync(new URL(name, MEDIA_DIR)).size);
    for (const size of sizes) expect(size).toBeLessThan(4 * 1024);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(32 * 1024);
    // Not a PNG whatever its name says: the browser fails to decode it and the app shows initials.
    const broken = readFileSync(new URL('broken-avatar.png', MEDIA_DIR));
    expect(broken.subarray(0, 8)).not.toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
