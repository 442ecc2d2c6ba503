// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import { ping } from '../../../src/lib/api/ping';
import { createTestTransport, MOCK_TOKENS } from '../../support/mock-backend';

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
