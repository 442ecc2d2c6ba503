// @vitest-environment node
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPost } from '../../src/lib/api/posts';
import { createTransport } from '../../src/lib/api/transport';
import { startMockHttpServer } from '../../src/mocks/http-server';
import type { MockHttpServer } from '../../src/mocks/http-server';
import { withExtraAccount } from '../support/extra-account';
import { MOCK_TOKENS, server as mswServer } from '../support/mock-backend';

let mock: MockHttpServer;

beforeEach(async () => {
  // The msw test server intercepts this process's fetch; let loopback requests reach the real socket.
  mswServer.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  mock = await startMockHttpServer({ port: 0 });
});

afterEach(async () => {
  await mock.close();
});

describe('the real HTTP mock server', () => {
  it('listens on a free port and answers blog latest with CORS headers', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.port).toBeGreaterThan(0);
    const response = await fetch(`${mock.url}/v2/blog/latest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
    expect(await response.json()).toMatchObject({ error: false, blog: { tag: 'release' }, user: { username: 'ada' } });
  });

  it('answers an OPTIONS preflight with 204 and the allowed methods and headers', async () => {
    const response = await fetch(`${mock.url}/v2/post/5`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, PUT, PATCH, DELETE, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe('Authorization, Content-Type, Accept');
    expect(await response.text()).toBe('');
  });

  it('keeps state in memory across requests', async () => {
    const auth = { Authorization: `Bearer ${MOCK_TOKENS.dalia}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${mock.url}/v2/post`, { method: 'PUT', headers: auth, body: JSON.stringify({ content: 'over HTTP' }) });
    const { post } = (await created.json()) as { post: { id: string } };
    expect(mock.db.post(Number(post.id))?.content).toBe('over HTTP');
    const again = await fetch(`${mock.url}/v2/post/${post.id}`, { headers: auth });
    expect(await again.json()).toMatchObject({ post: { id: post.id, content: 'over HTTP' }, user: { username: 'dalia_n' } });
  });

  it('takes a state to start from (POST /__mock/state): an account the API could not make answers', async () => {
    const { snapshot, postIds } = withExtraAccount(mock.db.snapshot(), { uuid: 'uuid-cap-ada', token: 'tok-cap-ada', username: 'Ada' }, ['by the other Ada']);
    const json = { 'Content-Type': 'application/json' };
    expect((await fetch(`${mock.url}/__mock/state`, { method: 'POST', headers: json, body: JSON.stringify(snapshot) })).status).toBe(204);
    const t = createTransport({ baseUrl: `${mock.url}/`, getToken: () => 'tok-cap-ada' });
    expect(await getPost(t, String(postIds[0]))).toMatchObject({ content: 'by the other Ada', author: { uuid: 'uuid-cap-ada', username: 'Ada' } });

    const refused = await fetch(`${mock.url}/__mock/state`, { method: 'POST', headers: json, body: JSON.stringify({ users: [] }) });
    expect(refused.status).toBe(400);
    expect(mock.db.user('uuid-cap-ada')?.username).toBe('Ada');
  });

  it('answers as Draft 4 lists it on request: get-post without parent_id (POST /__mock/options), until a reset', async () => {
    const auth = { Authorization: `Bearer ${MOCK_TOKENS.ada}` };
    const parentOf = async () => ((await (await fetch(`${mock.url}/v2/post/6`, { headers: auth })).json()) as { post: Record<string, unknown> }).post;
    expect(await parentOf()).toMatchObject({ id: '6', parent_id: '5' });
    const json = { 'Content-Type': 'application/json' };
    expect((await fetch(`${mock.url}/__mock/options`, { method: 'POST', headers: json, body: JSON.stringify({ draftOnly: true }) })).status).toBe(204);
    const strict = await parentOf();
    expect(strict).not.toHaveProperty('parent_id');
    expect(strict).toMatchObject({ id: '6', content: 'vim, obviously.' });
    // A reply still says what it answers where Draft 4 lists it: the create's answer.
    const created = await fetch(`${mock.url}/v2/post`, { method: 'PUT', headers: { ...auth, ...json }, body: JSON.stringify({ content: 'a reply', parent_id: '5' }) });
    expect(await created.json()).toMatchObject({ post: { parent_id: '5' } });
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    expect(await parentOf()).toMatchObject({ parent_id: '5' });

    // Started that way (npm run mock-server -- --draft-only), a reset keeps it.
    const draft = await startMockHttpServer({ port: 0, draftOnly: true });
    try {
      await fetch(`${draft.url}/__mock/reset`, { method: 'POST' });
      const post = ((await (await fetch(`${draft.url}/v2/post/6`, { headers: auth })).json()) as { post: Record<string, unknown> }).post;
      expect(post).not.toHaveProperty('parent_id');
    } finally {
      await draft.close();
    }
  });

  it('answers slower on request (POST /__mock/options latencyMs)', async () => {
    const json = { 'Content-Type': 'application/json' };
    const timed = async () => {
      const start = performance.now();
      await (await fetch(`${mock.url}/v2/blog/latest`)).text();
      return performance.now() - start;
    };
    expect((await fetch(`${mock.url}/__mock/options`, { method: 'POST', headers: json, body: JSON.stringify({ latencyMs: 150 }) })).status).toBe(204);
    try {
      expect(await timed()).toBeGreaterThanOrEqual(140);
    } finally {
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    }
  });

  it('serves the real client', async () => {
    const t = createTransport({ baseUrl: `${mock.url}/`, getToken: () => MOCK_TOKENS.bram });
    expect(await getPost(t, '5')).toMatchObject({ id: '5', replies: ['6', '9'], author: { username: 'ada' } });
  });

  it('serves its pictures itself: the URLs it hands out point at its own origin, and load', async () => {
    const response = await fetch(`${mock.url}/v2/blog/latest`);
    const { blog, user } = (await response.json()) as { blog: { image: string }; user: { pfp: string } };
    for (const url of [blog.image, user.pfp]) {
      expect(url.startsWith(`${mock.url}/mock-media/`), url).toBe(true);
      const picture = await fetch(url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(await picture.text()).toMatch(/^<svg /);
    }
    expect((await fetch(`${mock.url}/mock-media/nothing.svg`)).status).toBe(404);
    expect((await fetch(`${mock.url}/mock-media/..%2Fhttp-server.ts`)).status).toBe(404);
  });

  it('answers a JSON 404 outside the API and 401 without a token', async () => {
    const missing = await fetch(`${mock.url}/favicon.ico`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: true, reason: 'No such endpoint' });
    const anonymous = await fetch(`${mock.url}/v2/ping`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('stops accepting connections once closed', async () => {
    const { url } = mock;
    await mock.close();
    await expect(fetch(`${url}/v2/blog/latest`)).rejects.toThrow();
    mock = await startMockHttpServer({ port: 0 });
  });
});
