// @vitest-environment node
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { getLatestBlog } from '../../../src/lib/api/blog';
import { getPost } from '../../../src/lib/api/posts';
import { getUser } from '../../../src/lib/api/users';
import { createTestTransport, server, TEST_API_BASE } from '../../support/mock-backend';

/** Liberal in what the client accepts (docs/api-notes.md): shapes a real server might send. */
function postAnswers(post: Record<string, JsonBodyType>, extra: Record<string, JsonBodyType> = {}) {
  server.use(http.get(`${TEST_API_BASE}/v2/post/:id`, () => HttpResponse.json({ error: false, post, ...extra })));
  return getPost(createTestTransport(), '5');
}

function userAnswers(user: Record<string, JsonBodyType>) {
  server.use(http.get(`${TEST_API_BASE}/v2/user/:uuid`, () => HttpResponse.json({ error: false, user })));
  return getUser(createTestTransport(), 'u-1');
}

describe('ids', () => {
  it('normalises numeric ids, parent ids and reply ids to strings', async () => {
    const post = await postAnswers({ id: 5, parent_id: 3, content: 'x', replies: [12, 6] });
    expect(post).toMatchObject({ id: '5', parentId: '3', replies: ['6', '12'] });
  });

  it('checks a parent id as a route id is: leading zeros dropped, anything not an id is no parent', async () => {
    expect((await postAnswers({ id: 5, parent_id: '007', content: 'x' })).parentId).toBe('7');
    expect((await postAnswers({ id: 5, parent_id: ' 12 ', content: 'x' })).parentId).toBe('12');
    // It becomes a link (`/post/<id>`): a path that climbs out to a profile must not.
    expect((await postAnswers({ id: 5, parent_id: '../user/3f1c2d4e-0000-4000-8000-000000000001', content: 'x' })).parentId).toBeNull();
    expect((await postAnswers({ id: 5, parent_id: '6?x=1', content: 'x' })).parentId).toBeNull();
    expect((await postAnswers({ id: 5, parent_id: -3, content: 'x' })).parentId).toBeNull();
    expect((await postAnswers({ id: 5, parent_id: 1.5, content: 'x' })).parentId).toBeNull();
  });

  it('takes a numeric user uuid as a string', async () => {
    const post = await postAnswers({ id: '5', content: 'x' }, { user: { uuid: 42, username: 'n', displayname: 'N', pfp: '' } });
    expect(post.author).toEqual({ uuid: '42', username: 'n', displayName: 'N', pfp: '' });
  });
});

describe('what a field refuses', () => {
  // Each one as the union of JSON types it stood for (string | number, and boolean for flags)
  // refused: anything else is a bad response naming the field, never a value made up for it.
  it.each<[string, Record<string, JsonBodyType>, string]>([
    ['an id that is a boolean', { id: true, content: 'x' }, 'post.id'],
    ['an id that is an object', { id: { n: 5 }, content: 'x' }, 'post.id'],
    ['a missing id', { content: 'x' }, 'post.id'],
    ['a null id', { id: null, content: 'x' }, 'post.id'],
    ['content that is a boolean', { id: '5', content: false }, 'post.content'],
    ['content that is an array', { id: '5', content: ['x'] }, 'post.content'],
    ['a parent id that is an object', { id: '5', parent_id: { id: 3 }, content: 'x' }, 'post.parent_id'],
    ['a parent id that is a boolean', { id: '5', parent_id: true, content: 'x' }, 'post.parent_id'],
    ['a flag that is an object', { id: '5', content: 'x', lock: { on: true } }, 'post.lock'],
    ['a flag that is an array', { id: '5', content: 'x', nsfw: [1] }, 'post.nsfw'],
    ['a date that is a boolean', { id: '5', content: 'x', date: true }, 'post.date'],
    ['a reply id that is a boolean', { id: '5', content: 'x', replies: ['6', false] }, 'post.replies[1]'],
    ['replies that are a number', { id: '5', content: 'x', replies: 7 }, 'post.replies'],
  ])('%s', async (_what, post, path) => {
    await expect(postAnswers(post)).rejects.toMatchObject({ kind: 'bad_response', path });
  });
});

describe('null where a value may be left out', () => {
  it('reads as left out: no parent, empty text, false, no date', async () => {
    const post = await postAnswers({ id: '5', parent_id: null, content: null, from: null, lock: null, nsfw: null, date: null, edited: null });
    expect(post).toMatchObject({ parentId: null, content: '', from: '', lock: false, nsfw: false, date: null, edited: { edited: false, at: null } });
  });
});

describe('the author', () => {
  it('is none (null) when the server sends null or nothing', async () => {
    expect((await postAnswers({ id: '5', content: 'x' }, { user: null })).author).toBeNull();
    expect((await postAnswers({ id: '5', content: 'x' })).author).toBeNull();
  });

  it('is a bad response when it is neither an object nor null', async () => {
    await expect(postAnswers({ id: '5', content: 'x' }, { user: 'ada' })).rejects.toMatchObject({ kind: 'bad_response', path: 'user' });
  });
});

describe('replies', () => {
  it('accepts an array', async () => {
    expect((await postAnswers({ id: '5', content: 'x', replies: ['15', '12'] })).replies).toEqual(['12', '15']);
  });

  it('accepts an object of any keys, sorted numerically and without duplicates', async () => {
    const post = await postAnswers({ id: '5', content: 'x', replies: { b: '100', a: '9', c: 9, d: '12' } });
    expect(post.replies).toEqual(['9', '12', '100']);
  });

  it('treats missing or null replies as none', async () => {
    expect((await postAnswers({ id: '5', content: 'x' })).replies).toEqual([]);
    expect((await postAnswers({ id: '5', content: 'x', replies: null })).replies).toEqual([]);
  });
});

describe('timestamps', () => {
  it('reads epoch seconds and epoch milliseconds alike', async () => {
    expect((await postAnswers({ id: '5', content: 'x', date: 1_790_000_000 })).date).toBe(1_790_000_000_000);
    expect((await postAnswers({ id: '5', content: 'x', date: 1_790_000_000_123 })).date).toBe(1_790_000_000_123);
    expect((await postAnswers({ id: '5', content: 'x', date: '1790000000' })).date).toBe(1_790_000_000_000);
  });

  it('reads edited as never (0 or null), a time, or a bare flag', async () => {
    expect((await postAnswers({ id: '5', content: 'x', edited: 0 })).edited).toEqual({ edited: false, at: null });
    expect((await postAnswers({ id: '5', content: 'x', edited: null })).edited).toEqual({ edited: false, at: null });
    expect((await postAnswers({ id: '5', content: 'x', edited: 1_790_000_500 })).edited).toEqual({ edited: true, at: 1_790_000_500_000 });
    expect((await postAnswers({ id: '5', content: 'x', edited: 1 })).edited).toEqual({ edited: true, at: null });
  });

  it('reads a blog date in milliseconds', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v2/blog/latest`, () =>
        HttpResponse.json({ error: false, blog: { content: 'c', image: 'i', tag: 't', date: 1_790_000_000_000 }, user: null }),
      ),
    );
    expect((await getLatestBlog(createTestTransport(null))).date).toBe(1_790_000_000_000);
  });
});

describe('flags and text', () => {
  it('reads lock and nsfw given as strings or numbers, and missing text as empty', async () => {
    const post = await postAnswers({ id: '5', content: 'x', lock: 'true', nsfw: 1, from: null });
    expect(post).toMatchObject({ lock: true, nsfw: true, from: '' });
    expect(await postAnswers({ id: '5', content: 'x', lock: 'false', nsfw: 0 })).toMatchObject({ lock: false, nsfw: false });
  });
});

describe('json user fields of any shape', () => {
  const base = { uuid: 'u-1', username: 'u', displayname: 'U', banner: '', bio: '', joined: 1_790_000_000 };

  // Passed through as they came: the profile reads them (test/profile/badge-shape.test.ts).
  it.each<[string, JsonBodyType]>([
    ['a string', 'gold'],
    ['an array of strings and numbers', ['a', 2, null, { x: 'y' }, '']],
    ['an object', { label: 'Mod', level: 3, nested: { deep: 'no' } }],
    ['a number', 7],
    ['a boolean', true],
    ['null', null],
  ])('badge as %s', async (_what, badge) => {
    const user = await userAnswers({ ...base, badge, special_badge: badge, pronoun: badge });
    expect(user.badge).toEqual(badge);
    expect(user.specialBadge).toEqual(badge);
    expect(user.pronoun).toEqual(badge);
  });

  it('accepts missing optional fields: no type, pfp, flags or json fields', async () => {
    const user = await userAnswers(base);
    expect(user).toMatchObject({ type: null, pfp: '', nsfw: false, private: false, badge: null, specialBadge: null, pronoun: null, joined: 1_790_000_000_000 });
  });
});

describe('extra fields', () => {
  it('ignores unknown fields at every level', async () => {
    const post = await postAnswers(
      { id: '5', content: 'x', likes: 12, reactions: { '👍': 3 }, html: '<b>x</b>' },
      { meta: { server: 'v2.1' }, reason: null, user: { uuid: 'u', username: 'u', displayname: 'U', pfp: '', email: 'e@x' } },
    );
    expect(Object.keys(post).sort()).toEqual(['author', 'content', 'date', 'edited', 'from', 'id', 'lock', 'nsfw', 'parentId', 'replies']);
    expect(Object.keys(post.author ?? {}).sort()).toEqual(['displayName', 'pfp', 'username', 'uuid']);
  });
});
