// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import type { ApiError } from '../../../src/lib/api/api-error';
import { getPost } from '../../../src/lib/api/posts';
import { updatePost } from '../../../src/lib/api/post-writes';
import { updateProfile } from '../../../src/lib/api/profile';
import { createTestTransport, db, MOCK_TOKENS, server, TEST_API_BASE } from '../../support/mock-backend';

const POST_URL = `${TEST_API_BASE}/v2/post/:id`;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

function answerGetPost(response: () => Response | Promise<Response>) {
  server.use(http.get(POST_URL, response));
}

describe('ApiError kinds, each from a real answer of the mock backend or an override', () => {
  it('network: a dropped connection', async () => {
    answerGetPost(() => HttpResponse.error());
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error.kind).toBe('network');
    expect(error.mayHaveApplied).toBe(true);
  });

  it('timeout: no answer within timeoutMs', async () => {
    answerGetPost(async () => {
      await delay(300);
      return HttpResponse.json({ error: false });
    });
    const error = await failure(getPost(createTestTransport(MOCK_TOKENS.ada, { timeoutMs: 40 }), '5'));
    expect(error.kind).toBe('timeout');
  });

  it('unauthorized: an unknown token, with the server reason', async () => {
    const error = await failure(getPost(createTestTransport('tok-nobody'), '5'));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, reason: 'Invalid token' });
  });

  it('unauthorized: no token at all, before any request', async () => {
    const error = await failure(getPost(createTestTransport(null), '5'));
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBeUndefined();
  });

  it("forbidden: editing someone else's post", async () => {
    const error = await failure(updatePost(createTestTransport(MOCK_TOKENS.mallory), '1', { lock: true }));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, reason: 'You are not the author of this post' });
    expect(db.post(1)!.lock).toBe(false);
  });

  it('not_found: a deleted id', async () => {
    const error = await failure(getPost(createTestTransport(), '40'));
    expect(error).toMatchObject({ kind: 'not_found', status: 404, reason: 'Post 40 not found' });
  });

  it('conflict: a taken username', async () => {
    const error = await failure(updateProfile(createTestTransport(MOCK_TOKENS.chen), { username: 'Mallory' }));
    expect(error).toMatchObject({ kind: 'conflict', status: 409, reason: 'username taken' });
  });

  it('rate_limited: 429 with Retry-After in seconds', async () => {
    answerGetPost(() =>
      HttpResponse.json({ error: true, reason: 'Slow down' }, { status: 429, headers: { 'Retry-After': '7' } }),
    );
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, reason: 'Slow down', retryAfterMs: 7000 });
  });

  it('server: a 503 with an HTML body', async () => {
    answerGetPost(() => new HttpResponse('<h1>Service Unavailable</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error).toMatchObject({ kind: 'server', status: 503, reason: undefined });
    expect(error.mayHaveApplied).toBe(true);
  });

  it('server: a 500 with a JSON reason (kept, but the message is the app’s words, not the fault text)', async () => {
    answerGetPost(() => HttpResponse.json({ error: true, reason: 'Database on fire' }, { status: 500 }));
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error).toMatchObject({ kind: 'server', status: 500, reason: 'Database on fire', message: 'The server had a problem answering.' });
    expect(error.mayHaveApplied).toBe(false);
  });

  it('api: a 200 whose body says error: true', async () => {
    answerGetPost(() => HttpResponse.json({ error: true, reason: 'Spam detected' }));
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error).toMatchObject({ kind: 'api', status: 200, reason: 'Spam detected' });
  });

  it('bad_response: a 200 that is not JSON', async () => {
    answerGetPost(() => new HttpResponse('<!doctype html><title>app</title>', { headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error).toMatchObject({ kind: 'bad_response', status: 200, path: '' });
    expect(error.message).toContain('shape this client does not understand');
  });

  it('bad_response: an empty 200', async () => {
    answerGetPost(() => new HttpResponse(null, { status: 200 }));
    expect((await failure(getPost(createTestTransport(), '5'))).kind).toBe('bad_response');
  });

  it('bad_response: JSON of the wrong shape names the field path', async () => {
    answerGetPost(() => HttpResponse.json({ error: false, post: { content: 'no id' } }));
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error).toMatchObject({ kind: 'bad_response', path: 'post.id' });
    expect(error.message).toContain('(at post.id)');
  });

  it('bad_response: a missing object', async () => {
    answerGetPost(() => HttpResponse.json({ error: false }));
    expect(await failure(getPost(createTestTransport(), '5'))).toMatchObject({ kind: 'bad_response', path: 'post' });
  });

  it('bad_response: a nested reply id of the wrong type', async () => {
    answerGetPost(() =>
      HttpResponse.json({ error: false, post: { id: '5', content: 'x', replies: ['6', { id: 7 }] } }),
    );
    const error = await failure(getPost(createTestTransport(), '5'));
    expect(error.kind).toBe('bad_response');
    expect(error.path).toMatch(/^post\.replies/);
  });

  it('bad_response: replies as an object with a value that is no id, or as neither object nor array', async () => {
    for (const replies of [{ a: '6', b: { id: 7 } }, { a: true }, 'oops', 7]) {
      answerGetPost(() => HttpResponse.json({ error: false, post: { id: '5', content: 'x', replies } }));
      const error = await failure(getPost(createTestTransport(), '5'));
      expect(error.kind, JSON.stringify(replies)).toBe('bad_response');
      expect(error.path, JSON.stringify(replies)).toMatch(/^post\.replies/);
    }
  });
});
