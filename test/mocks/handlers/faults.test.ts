// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getPost } from '../../../src/lib/api/posts';
import { createPost } from '../../../src/lib/api/post-writes';
import type { ApiError } from '../../../src/lib/api/api-error';
import { createHandlers } from '../../../src/mocks/handlers';
import { seededRandom, type FaultConfig, type FaultKind } from '../../../src/mocks/handlers/faults';
import { createTestTransport, db, server, TEST_API_BASE } from '../../support/mock-backend';

function failAlways(kind: FaultKind) {
  const config: FaultConfig = { rate: 1, kinds: [kind] };
  server.use(...createHandlers({ baseUrl: TEST_API_BASE, db, faults: () => config }));
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('fault injection', () => {
  it.each([
    ['500', 'server', 500],
    ['503-html', 'server', 503],
    ['429', 'rate_limited', 429],
    ['drop-before', 'network', undefined],
  ] as const)('%s reaches the client as %s', async (kind, expected, status) => {
    failAlways(kind);
    const error = await errorOf(getPost(createTestTransport(), '1'));
    expect(error.kind).toBe(expected);
    expect(error.status).toBe(status);
    if (kind === '429') expect(error.retryAfterMs).toBe(1000);
  });

  it('drop-before loses the write; drop-after applies it and still drops the answer', async () => {
    const before = db.posts().length;
    failAlways('drop-before');
    const lost = await errorOf(createPost(createTestTransport(), { content: 'never arrives' }));
    expect(lost.mayHaveApplied).toBe(true);
    expect(db.posts()).toHaveLength(before);

    server.resetHandlers();
    failAlways('drop-after');
    const dropped = await errorOf(createPost(createTestTransport(), { content: 'arrives unseen' }));
    expect(dropped.kind).toBe('network');
    expect(db.posts().filter((p) => p.content === 'arrives unseen')).toHaveLength(1);
  });

  it('fails about the configured share of requests, repeatably with a seed', async () => {
    const run = async () => {
      server.resetHandlers();
      const config: FaultConfig = { rate: 0.3, kinds: ['500'] };
      const random = seededRandom(7);
      server.use(...createHandlers({ baseUrl: TEST_API_BASE, db, faults: () => config, random }));
      const results = await Promise.allSettled(Array.from({ length: 200 }, () => getPost(createTestTransport(), '1')));
      return results.map((r) => r.status);
    };
    const first = await run();
    const failed = first.filter((s) => s === 'rejected').length;
    expect(failed).toBeGreaterThan(40);
    expect(failed).toBeLessThan(80);
    expect(await run()).toEqual(first);
  });
});
