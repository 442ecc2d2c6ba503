// @vitest-environment node
/**
 * The transport takes what index.html's loader sent for it (src/lib/boot-fetches.ts): a GET of the
 * same address with the same token, once. Its own timeout and its caller's cancel reach that request.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import { getPost } from '../../../src/lib/api/posts';
import { updatePost } from '../../../src/lib/api/post-writes';
import { BOOT_FETCHES, type BootFetch, type BootFetches } from '../../../src/lib/boot-fetches';
import { createTestTransport, MOCK_TOKENS, TEST_API_BASE } from '../../support/mock-backend';

const holder = globalThis as { [BOOT_FETCHES]?: BootFetches };

/**
 * A request the loader sent for `path`, with the token: `answer` when given, else one that never
 * answers; like fetch(), it rejects with the reason once its controller aborts.
 */
function bootFetch(path: string, answer?: unknown, token: string = MOCK_TOKENS.ada): BootFetch {
  const controller = new AbortController();
  const response = new Promise<Response>((resolve, reject) => {
    if (answer !== undefined) resolve(Response.json(answer));
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason));
  });
  const entry = { response, controller, token };
  (holder[BOOT_FETCHES] ??= new Map()).set(`${TEST_API_BASE}${path}`, entry);
  return entry;
}

afterEach(() => {
  delete holder[BOOT_FETCHES];
});

describe('a request the loader sent', () => {
  it('stands in for the same GET with the same token, once', async () => {
    bootFetch('/v2/post/5', { error: false, post: { id: '5', content: 'from the loader', lock: false, nsfw: false } });
    const transport = createTestTransport(MOCK_TOKENS.ada);
    expect((await getPost(transport, '5')).content).toBe('from the loader');
    // Asked again, the mock backend answers.
    expect((await getPost(transport, '5')).content).not.toBe('from the loader');
  });

  it('not for another token, nor for a write to that address', async () => {
    const entry = bootFetch('/v2/post/5');
    expect((await getPost(createTestTransport(MOCK_TOKENS.bram), '5')).id).toBe('5');
    await updatePost(createTestTransport(MOCK_TOKENS.ada), '5', { lock: true }).catch(() => undefined);
    expect(holder[BOOT_FETCHES]!.get(`${TEST_API_BASE}/v2/post/5`)).toBe(entry);
    expect(entry.controller.signal.aborted).toBe(false);
  });

  it('is cancelled by the transport’s timeout, and fails as a timeout', async () => {
    const entry = bootFetch('/v2/post/5');
    const error = await getPost(createTestTransport(MOCK_TOKENS.ada, { timeoutMs: 40 }), '5').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe('timeout');
    expect(entry.controller.signal.aborted).toBe(true);
  });

  it('is cancelled with its caller, with the caller’s reason', async () => {
    const entry = bootFetch('/v2/post/5');
    const caller = new AbortController();
    const failed = getPost(createTestTransport(MOCK_TOKENS.ada), '5', { signal: caller.signal }).catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(holder[BOOT_FETCHES]!.has(`${TEST_API_BASE}/v2/post/5`)).toBe(false));
    const reason = new Error('left the page');
    caller.abort(reason);
    expect(await failed).toBe(reason);
    expect(entry.controller.signal.reason).toBe(reason);
  });
});
