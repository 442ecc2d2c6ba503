// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createMockDb, MockDbError } from '../../src/mocks/db';
import { FIXTURE_POST_IDS, MOCK_USER_IDS } from '../../src/mocks/fixtures';

const { ada, bram, chen } = MOCK_USER_IDS;

function fresh(now = 1_800_000_000) {
  let clock = now;
  const db = createMockDb({ now: () => clock });
  return { db, tick: (s: number) => (clock += s) };
}

function refusal(run: () => unknown): { status: number; reason: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof MockDbError) return { status: error.status, reason: error.reason };
    throw error;
  }
  throw new Error('expected a MockDbError');
}

describe('posts', () => {
  it('creates with the next id, the current time and the defaults', () => {
    const { db } = fresh();
    const post = db.createPost(ada, { content: 'hi' });
    expect(post).toEqual({
      id: FIXTURE_POST_IDS.highestUsed + 1,
      parent_id: null,
      content: 'hi',
      from: '',
      lock: false,
      nsfw: false,
      edited: 0,
      date: 1_800_000_000,
      author: ada,
      replies: [],
    });
    expect(db.post(post.id)).toEqual(post);
  });

  it('links a reply into its parent, and a reply to that reply into it', () => {
    const { db } = fresh();
    const reply = db.createPost(bram, { content: 'r1', parentId: 1 });
    const nested = db.createPost(chen, { content: 'r2', parentId: reply.id });
    expect(db.post(1)!.replies).toEqual([18, reply.id]);
    expect(db.post(reply.id)!.replies).toEqual([nested.id]);
    expect(db.post(nested.id)!.parent_id).toBe(reply.id);
  });

  it('refuses a reply to a locked post, and to a missing one, storing nothing', () => {
    const { db } = fresh();
    const before = db.snapshot();
    expect(refusal(() => db.createPost(bram, { content: 'x', parentId: 50 }))).toEqual({ status: 403, reason: 'This post is locked' });
    expect(refusal(() => db.createPost(bram, { content: 'x', parentId: 40 })).status).toBe(404);
    expect(refusal(() => db.createPost(bram, { content: ' \n ' })).status).toBe(400);
    expect(db.snapshot()).toEqual(before);
  });

  it('updates only the fields given and stamps edited only when the content changes', () => {
    const { db, tick } = fresh();
    tick(60);
    db.updatePost(ada, 51, { lock: true, content: null, nsfw: undefined });
    expect(db.post(51)).toMatchObject({ lock: true, nsfw: false, content: 'Feature idea: bookmarks.', edited: 0 });
    db.updatePost(ada, 51, { content: 'Feature idea: bookmarks.' });
    expect(db.post(51)!.edited).toBe(0);
    db.updatePost(ada, 51, { content: 'Bookmarks, please.' });
    expect(db.post(51)).toMatchObject({ content: 'Bookmarks, please.', edited: 1_800_000_060, lock: true });
  });

  it('lets only the author update or delete', () => {
    const { db } = fresh();
    expect(refusal(() => db.updatePost(bram, 51, { lock: true })).status).toBe(403);
    expect(refusal(() => db.deletePost(bram, 51)).status).toBe(403);
    expect(db.post(51)!.lock).toBe(false);
  });

  it('lets the author edit and delete a locked post', () => {
    const { db } = fresh();
    db.updatePost(ada, 12, { content: 'still mine' });
    expect(db.post(12)!.content).toBe('still mine');
    db.deletePost(ada, 12);
    expect(db.post(12)).toBeUndefined();
  });

  it('delete removes the id from its parent and keeps the replies of the deleted post', () => {
    const { db } = fresh();
    db.deletePost(bram, 6);
    expect(db.post(6)).toBeUndefined();
    expect(db.post(5)!.replies).toEqual([9]);
    expect(db.post(7)!.parent_id).toBe(6);
  });

  it('never reuses an id, not even the newest one deleted', () => {
    const { db } = fresh();
    const a = db.createPost(ada, { content: 'a' });
    db.deletePost(ada, a.id);
    const b = db.createPost(ada, { content: 'b' });
    expect(b.id).toBe(a.id + 1);
    expect(refusal(() => db.deletePost(ada, a.id)).status).toBe(404);
  });
});

describe('profile', () => {
  it('refuses a username held by another user, case-insensitively, with 409', () => {
    const { db } = fresh();
    expect(refusal(() => db.updateProfile(bram, { username: 'Chen_W' }))).toEqual({ status: 409, reason: 'username taken' });
    expect(db.user(bram)!.username).toBe('bram_stoker');
  });

  it('checks the username rules and leaves every field alone on refusal', () => {
    const { db } = fresh();
    for (const name of ['ab', 'x'.repeat(21), 'white space', 'ümlaut', '']) {
      expect(refusal(() => db.updateProfile(bram, { username: name, bio: 'nope' })).status).toBe(400);
    }
    expect(db.user(bram)).toMatchObject({ username: 'bram_stoker', bio: 'Night owl. My profile is marked NSFW.' });
  });

  it('updates only non-null fields', () => {
    const { db } = fresh();
    const user = db.updateProfile(chen, { username: 'chen_x', displayname: null, pfp: 'https://x.test/p.png' });
    expect(user).toMatchObject({ username: 'chen_x', displayname: 'Chen Wei 陈伟', pfp: 'https://x.test/p.png', bio: 'Private account.' });
  });
});

describe('state', () => {
  it('snapshot is JSON-serialisable and restore brings it back', () => {
    const { db } = fresh();
    db.createPost(ada, { content: 'persist me', parentId: 5 });
    db.updateProfile(ada, { bio: 'restored' });
    const wire = JSON.parse(JSON.stringify(db.snapshot())) as unknown;
    const other = fresh().db;
    other.restore(wire as ReturnType<typeof db.snapshot>);
    expect(other.snapshot()).toEqual(db.snapshot());
    expect(other.createPost(ada, { content: 'next' }).id).toBe(FIXTURE_POST_IDS.highestUsed + 2);
  });

  it('restore refuses a foreign value and never lets nextId fall behind existing ids', () => {
    const { db } = fresh();
    expect(() => db.restore({ version: 2 } as unknown as ReturnType<typeof db.snapshot>)).toThrow();
    expect(() => db.restore({ ...db.snapshot(), version: 1 } as unknown as ReturnType<typeof db.snapshot>)).toThrow();
    db.restore({ ...db.snapshot(), nextId: 3 });
    expect(db.peekNextId()).toBe(76);
  });

  it('reset returns to the seed; snapshots are copies', () => {
    const { db } = fresh();
    const seed = db.snapshot();
    seed.posts.length = 0;
    db.deletePost(ada, 1);
    db.reset();
    expect(db.post(1)).toBeDefined();
    expect(db.posts()).toHaveLength(createMockDb().posts().length);
  });

  it('notifies subscribers after each successful mutation only', () => {
    const { db } = fresh();
    let calls = 0;
    const stop = db.subscribe(() => (calls += 1));
    db.createPost(ada, { content: 'x' });
    expect(() => db.createPost(ada, { content: 'x', parentId: 12 })).toThrow(MockDbError);
    db.updateProfile(ada, {});
    expect(calls).toBe(2);
    stop();
    db.deletePost(ada, 1);
    expect(calls).toBe(2);
  });
});
