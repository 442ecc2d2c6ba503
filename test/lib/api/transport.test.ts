// @vitest-environment node
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getLatestBlog } from '../../../src/lib/api/blog';
import { ping } from '../../../src/lib/api/ping';
import { getPost } from '../../../src/lib/api/posts';
import { createPost, deletePost, updatePost } from '../../../src/lib/api/post-writes';
import { getOwnProfile, updateProfile } from '../../../src/lib/api/profile';
import { getUser } from '../../../src/lib/api/users';
import { createTransport } from '../../../src/lib/api/transport';
import { createTestTransport, db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';

/** What the client sends is the behaviour here: record every request, then let the mock answer. */
interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  accept: string | null;
  body: unknown;
}
let seen: Seen[] = [];

beforeEach(() => {
  seen = [];
  server.use(
    http.all('*', async ({ request }) => {
      const text = await request.clone().text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get('Authorization'),
        contentType: request.headers.get('Content-Type'),
        accept: request.headers.get('Accept'),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      // No return: the request falls through to the mock backend's own handler.
    }),
  );
});

const t = () => createTestTransport(MOCK_TOKENS.ada);
const BEARER = `Bearer ${MOCK_TOKENS.ada}`;

describe('Authorization header', () => {
  it('is absent on blog latest, even when signed in', async () => {
    await getLatestBlog(t());
    expect(seen).toMatchObject([{ method: 'GET', path: '/v2/blog/latest', authorization: null, accept: 'application/json' }]);
  });

  it('is sent on every other operation', async () => {
    const created = await createPost(t(), { content: 'hello' });
    await getPost(t(), created.id);
    await updatePost(t(), created.id, { lock: true });
    await deletePost(t(), created.id);
    await getUser(t(), MOCK_USER_IDS.ada);
    await getOwnProfile(t());
    await ping(t());
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /v2/post',
      'GET /v2/post/78',
      'PATCH /v2/post/78',
      'DELETE /v2/post/78',
      `GET /v2/user/${MOCK_USER_IDS.ada}`,
      'PATCH /v2/profile',
      'GET /v2/ping',
    ]);
    for (const request of seen) {
      expect(request.authorization).toBe(BEARER);
      expect(request.accept).toBe('application/json');
    }
  });
});

describe('request bodies', () => {
  it('create sends JSON with the parent id as an integer string', async () => {
    await createPost(t(), { content: 'reply', parentId: '05', from: 'tests' });
    expect(seen[0]).toMatchObject({
      contentType: 'application/json',
      body: { content: 'reply', parent_id: '5', from: 'tests', lock: false, nsfw: false },
    });
    expect(db.post(78)!.parent_id).toBe(5);
  });

  it('update carries the token field and null for every unchanged field', async () => {
    await updatePost(t(), '51', { nsfw: true });
    expect(seen[0]!.body).toEqual({ token: MOCK_TOKENS.ada, content: null, lock: null, nsfw: true });
    expect(db.post(51)).toMatchObject({ content: 'Feature idea: bookmarks.', lock: false, nsfw: true, edited: 0 });
  });

  it('a profile update sends null, never "", for the fields left alone', async () => {
    await updateProfile(t(), { displayname: 'Countess' });
    expect(seen[0]!.body).toEqual({ username: null, displayname: 'Countess', pfp: null, banner: null, bio: null });
    expect(db.user(MOCK_USER_IDS.ada)).toMatchObject({ username: 'ada', displayname: 'Countess', bio: 'Notes on the Analytical Engine. Runs this instance.' });
  });

  it('delete sends no body unless a reason is given', async () => {
    await deletePost(t(), '65');
    await deletePost(t(), '69', { reason: 'old' });
    expect(seen.map((r) => r.body)).toEqual([undefined, { reason: 'old' }]);
  });
});

describe('post ids in paths', () => {
  it('go in as plain decimal integers: leading zeros dropped, large ids never rounded', async () => {
    await getPost(t(), '007');
    // Beyond Number's safe range: rounding would have asked for ...992, another post.
    await getPost(t(), '9007199254740993').catch(() => undefined);
    expect(seen.map((r) => r.path)).toEqual(['/v2/post/7', '/v2/post/9007199254740993']);
  });
});

describe('nothing is sent', () => {
  it('for a post id that is not a non-negative integer', async () => {
    await expect(getPost(t(), '1/../../user')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(updatePost(t(), '-3', { lock: true })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(createPost(t(), { content: 'x', parentId: '4.5' })).rejects.toMatchObject({ kind: 'not_found' });
    expect(seen).toEqual([]);
  });

  it('for a blank user id, or when signed out', async () => {
    await expect(getUser(t(), ' ')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(getPost(createTestTransport(null), '5')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(seen).toEqual([]);
  });
});

describe('sending', () => {
  it('sends each request from a task of its own, not from the caller’s', async () => {
    const sent: string[] = [];
    const transport = createTestTransport(MOCK_TOKENS.ada, {
      fetch: async (input) => {
        sent.push(String(input));
        return new Response(JSON.stringify({ error: false, online: true }), { status: 200 });
      },
    });
    const round = [1, 2, 3].map((id) => getPost(transport, String(id)).catch(() => undefined));
    // The caller's task, microtasks included, sends nothing: a round of fetch() calls would
    // otherwise run back to back in it.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(sent).toEqual([]);
    await Promise.all(round);
    expect(sent.map((url) => new URL(url).pathname)).toEqual(['/v2/post/1', '/v2/post/2', '/v2/post/3']);
  });
});

describe('lastAnswered: what the status ping would prove', () => {
  it('moves on an answer to a request with the token and on the API refusing one (not found), not otherwise', async () => {
    const transport = t();
    expect(transport.lastAnswered()).toBe(Number.NEGATIVE_INFINITY);

    await getLatestBlog(transport);
    expect(transport.lastAnswered(), 'the public blog request carries no token').toBe(Number.NEGATIVE_INFINITY);

    const before = performance.now();
    await getPost(transport, '7');
    const afterAnswer = transport.lastAnswered();
    expect(afterAnswer).toBeGreaterThanOrEqual(before);

    await expect(getPost(transport, String(db.peekNextId() + 50))).rejects.toMatchObject({ kind: 'not_found' });
    expect(transport.lastAnswered(), "the API's own 404 shows it is there and took the token").toBeGreaterThanOrEqual(afterAnswer);
  });

  it('does not move on a refused token or a server error', async () => {
    const refused = createTestTransport('not-a-token');
    await expect(ping(refused)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(refused.lastAnswered()).toBe(Number.NEGATIVE_INFINITY);

    const transport = t();
    server.use(http.all('*', () => Response.json({ error: true, reason: 'Down for maintenance' }, { status: 500 })));
    await expect(ping(transport)).rejects.toMatchObject({ kind: 'server' });
    expect(transport.lastAnswered()).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('lastAnswered with several accounts', () => {
  it("is the token in use's own: another account's answer does not stand in for it", async () => {
    let token: string = MOCK_TOKENS.ada;
    const transport = createTransport({ baseUrl: TEST_API_BASE, getToken: () => token });
    await getPost(transport, '7');
    expect(transport.lastAnswered()).toBeGreaterThan(Number.NEGATIVE_INFINITY);
    token = MOCK_TOKENS.bram;
    expect(transport.lastAnswered()).toBe(Number.NEGATIVE_INFINITY);
  });
});
