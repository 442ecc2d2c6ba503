import { describe, expect, it } from 'vitest';
import { createMockDb } from '../../src/mocks/db';
import { MOCK_USER_IDS } from '../../src/mocks/fixtures';
import { clearPersistedDb, loadPersistedDb, MOCK_DB_STORAGE_KEY, persistDb } from '../../src/mocks/persistence';

describe('browser mock persistence (localStorage)', () => {
  it('saves after every mutation and a new page load restores it', () => {
    const first = createMockDb();
    persistDb(first, localStorage);
    const post = first.createPost(MOCK_USER_IDS.ada, { content: 'survives a reload', parentId: 5 });
    first.updateProfile(MOCK_USER_IDS.ada, { bio: 'reloaded' });
    expect(localStorage.getItem(MOCK_DB_STORAGE_KEY)).toContain('survives a reload');

    const second = createMockDb();
    expect(loadPersistedDb(second, localStorage)).toBe(true);
    expect(second.post(post.id)?.content).toBe('survives a reload');
    expect(second.post(5)?.replies).toContain(post.id);
    expect(second.user(MOCK_USER_IDS.ada)?.bio).toBe('reloaded');
    expect(second.createPost(MOCK_USER_IDS.ada, { content: 'next' }).id).toBe(post.id + 1);
  });

  it('starts from the seed when nothing was saved', () => {
    const db = createMockDb();
    expect(loadPersistedDb(db, localStorage)).toBe(false);
    expect(db.snapshot()).toEqual(createMockDb().snapshot());
  });

  it.each(['{not json', JSON.stringify({ version: 0, posts: [] }), JSON.stringify([1, 2])])(
    'drops an unreadable or foreign entry %j and keeps the seed',
    (raw) => {
      localStorage.setItem(MOCK_DB_STORAGE_KEY, raw);
      const db = createMockDb();
      expect(loadPersistedDb(db, localStorage)).toBe(false);
      expect(localStorage.getItem(MOCK_DB_STORAGE_KEY)).toBeNull();
      expect(db.post(1)).toBeDefined();
    },
  );

  it('drops a version 1 state, whose pictures pointed at other hosts, and starts from the seed', () => {
    const old = createMockDb().snapshot();
    const v1 = { ...old, version: 1, users: old.users.map((u) => ({ ...u, pfp: 'https://avatars.example.com/x.png' })) };
    localStorage.setItem(MOCK_DB_STORAGE_KEY, JSON.stringify(v1));
    const db = createMockDb();
    expect(loadPersistedDb(db, localStorage)).toBe(false);
    expect(db.user(MOCK_USER_IDS.ada)?.pfp).toBe(old.users[0]?.pfp);
    expect(localStorage.getItem(MOCK_DB_STORAGE_KEY)).toBeNull();
  });

  it('clear removes the saved state', () => {
    const db = createMockDb();
    persistDb(db, localStorage);
    db.deletePost(MOCK_USER_IDS.ada, 1);
    clearPersistedDb(localStorage);
    expect(loadPersistedDb(createMockDb(), localStorage)).toBe(false);
  });

  it('stops saving once unsubscribed', () => {
    const db = createMockDb();
    const stop = persistDb(db, localStorage);
    stop();
    db.deletePost(MOCK_USER_IDS.ada, 1);
    expect(localStorage.getItem(MOCK_DB_STORAGE_KEY)).toBeNull();
  });
});
