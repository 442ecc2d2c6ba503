// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getLatestBlog } from '../../../src/lib/api/blog';
import { createTestTransport, db, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';

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
