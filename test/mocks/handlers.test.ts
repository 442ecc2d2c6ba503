// @vitest-environment node
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockDb } from '../../src/mocks/db';
import { createHandlers } from '../../src/mocks/handlers';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../support/mock-backend';

/** The wire contract, with raw requests the typed client would never send. */
async function call(method: string, path: string, init: { token?: string | null; body?: unknown; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? MOCK_TOKENS.ada : init.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`${TEST_API_BASE}${path}`, { method, headers, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('authentication', () => {
  const protectedCalls: Array<[string, string, unknown?]> = [
    ['PUT', '/v2/post', { content: 'x' }],
    ['GET', '/v2/post/1'],
    ['PATCH', '/v2/post/1', { token: MOCK_TOKENS.ada, lock: true }],
    ['DELETE', '/v2/post/1'],
    ['GET', `/v2/user/${MOCK_USER_IDS.ada}`],
    ['PATCH', '/v2/profile', { bio: 'x' }],
    ['GET', '/v2/ping'],
  ];

  it.each(protectedCalls)('%s %s needs a known bearer token', async (method, path, body) => {
    expect(await call(method, path, { token: null, body })).toEqual({ status: 401, json: { error: true, reason: 'Missing bearer token' } });
    expect(await call(method, path, { token: 'tok-forged', body })).toEqual({ status: 401, json: { error: true, reason: 'Invalid token' } });
    expect(db.post(1)).toMatchObject({ lock: false });
    expect(db.user(MOCK_USER_IDS.ada)!.bio).not.toBe('x');
    expect(db.peekNextId()).toBe(78);
  });

  it('blog latest is public', async () => {
    expect((await call('GET', '/v2/blog/latest', { token: null })).status).toBe(200);
  });
});

describe('wire shapes', () => {
  it('get post: string ids, replies as an object of id strings, parent_id, author summary', async () => {
    const { status, json } = await call('GET', '/v2/post/7');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      error: false,
      post: { id: '7', parent_id: '6', replies: { '0': '10' }, edited: 0, lock: false, nsfw: false },
      user: { uuid: MOCK_USER_IDS.dalia, username: 'dalia_n', displayname: 'داليا نصر', pfp: expect.stringMatching(/^http:\/\/localhost\/mock-media\/dalia\.svg$/) },
    });
  });

  it('get user: the section 2.3 fields plus pfp, never the token', async () => {
    const { json } = await call('GET', `/v2/user/${MOCK_USER_IDS.chen}`);
    const user = json.user as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(
      ['badge', 'banner', 'bio', 'displayname', 'joined', 'nsfw', 'pfp', 'private', 'pronoun', 'special_badge', 'type', 'username', 'uuid'].sort(),
    );
    expect(JSON.stringify(json)).not.toContain(MOCK_TOKENS.chen);
  });

  it('create answers with the new post, parent_id included', async () => {
    const { json } = await call('PUT', '/v2/post', { body: { content: 'r', parent_id: 5, lock: true } });
    expect(json).toEqual({ error: false, post: { id: '78', parent_id: '5', content: 'r', from: '', lock: true, nsfw: false } });
  });

  it('unknown endpoints answer a JSON 404', async () => {
    expect(await call('GET', '/v2/timeline')).toEqual({ status: 404, json: { error: true, reason: 'No such endpoint' } });
  });
});

describe('validation', () => {
  it.each(['abc', '-1', '1.5', '99999999999999999999'])('a post id of %j is a 400', async (id) => {
    expect(await call('GET', `/v2/post/${id}`)).toEqual({
      status: 400,
      json: { error: true, reason: 'Post id must be a non-negative integer' },
    });
  });

  it.each<[string, { body?: unknown; raw?: string }, string]>([
    ['no content', { body: { from: 'x' } }, 'Content is required'],
    ['blank content', { body: { content: ' \t\n' } }, 'Content is required'],
    ['content not a string', { body: { content: 5 } }, 'content must be a string'],
    ['lock not a boolean', { body: { content: 'x', lock: 'yes' } }, 'lock must be a boolean'],
    ['a bad parent id', { body: { content: 'x', parent_id: 'p1' } }, 'parent_id must be a non-negative integer'],
    ['invalid JSON', { raw: '{content:' }, 'Request body is not valid JSON'],
    ['no body', {}, 'Request body must be a JSON object'],
  ])('create with %s is a 400', async (_what, init, reason) => {
    expect(await call('PUT', '/v2/post', init)).toEqual({ status: 400, json: { error: true, reason } });
    expect(db.peekNextId()).toBe(78);
  });

  it('update requires the token body field, and it must match the header', async () => {
    expect(await call('PATCH', '/v2/post/51', { body: { lock: true } })).toEqual({ status: 400, json: { error: true, reason: 'token is required' } });
    expect((await call('PATCH', '/v2/post/51', { body: { token: MOCK_TOKENS.bram, lock: true } })).status).toBe(401);
    expect(db.post(51)!.lock).toBe(false);
    const ok = await call('PATCH', '/v2/post/51', { body: { token: MOCK_TOKENS.ada, lock: true, content: null } });
    expect(ok).toEqual({ status: 200, json: { error: false, post: { id: '51', content: 'Feature idea: bookmarks.', lock: true, nsfw: false }, reason: null } });
  });

  it('update of a missing post is a 404; delete then get is a 404', async () => {
    expect((await call('PATCH', '/v2/post/40', { body: { token: MOCK_TOKENS.ada } })).status).toBe(404);
    expect(await call('DELETE', '/v2/post/65')).toEqual({ status: 200, json: { error: false, post: { id: '65' }, reason: null } });
    expect((await call('GET', '/v2/post/65')).status).toBe(404);
  });

  it('profile: a field that is not a string is a 400', async () => {
    expect((await call('PATCH', '/v2/profile', { body: { bio: 42 } })).status).toBe(400);
  });
});

describe('latency', () => {
  it('delays answers by latencyMs (a number or a function of the request)', async () => {
    const handlers = createHandlers({
      baseUrl: 'http://slow.test/',
      db: createMockDb(),
      latencyMs: (request) => (request.url.endsWith('/ping') ? 0 : 80),
    });
    let started = performance.now();
    const blog = await getResponse(handlers, new Request('http://slow.test/v2/blog/latest'));
    expect(blog?.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    started = performance.now();
    const ping = await getResponse(handlers, new Request('http://slow.test/v2/ping', { headers: { Authorization: `Bearer ${MOCK_TOKENS.ada}` } }));
    expect(await ping?.json()).toEqual({ error: false });
    expect(performance.now() - started).toBeLessThan(75);
  });
});
