import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/lib/api/api-error';
import { getLatestBlog } from '../../src/lib/api/blog';
import { ping } from '../../src/lib/api/ping';
import { createTestTransport, db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../mock-backend';

describe('getLatestBlog', () => {
  it('works signed out and returns the entry with its author', async () => {
    const blog = await getLatestBlog(createTestTransport(null));
    expect(blog).toEqual({
      content: db.blog().content,
      image: db.blog().image,
      tag: 'release',
      date: db.blog().date * 1000,
      author: { uuid: MOCK_USER_IDS.ada, username: 'ada', displayName: 'Ada Lovelace', pfp: db.user(MOCK_USER_IDS.ada)!.pfp },
    });
  });

  it('accepts an entry without an author', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v2/blog/latest`, () =>
        HttpResponse.json({ error: false, blog: { content: 'x', image: '', tag: '', date: 1_700_000_000_000 } }),
      ),
    );
    const blog = await getLatestBlog(createTestTransport(null));
    expect(blog).toEqual({ content: 'x', image: '', tag: '', date: 1_700_000_000_000, author: null });
  });
});

describe('ping', () => {
  it('succeeds with a valid token', async () => {
    await expect(ping(createTestTransport(MOCK_TOKENS.chen))).resolves.toBe(true);
  });

  it('checks a candidate token passed explicitly', async () => {
    const t = createTestTransport(null);
    await expect(ping(t, { token: MOCK_TOKENS.dalia })).resolves.toBe(true);
    const error: unknown = await ping(t, { token: 'tok-made-up' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('unauthorized');
    expect(isApiError(error) && error.reason).toBe('Invalid token');
  });
});
