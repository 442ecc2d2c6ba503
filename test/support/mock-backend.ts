/**
 * The mock v2 backend every unit and component test runs against (started in test/setup.ts).
 * Override per case with `server.use(...)`; handlers and data are reset after each test.
 */
import { createTransport } from '../../src/lib/api/transport';
import type { Transport, TransportOptions } from '../../src/lib/api/transport';
import { MOCK_TOKENS } from '../../src/mocks/fixtures';
import { createNodeMocks } from '../../src/mocks/node';

export { MOCK_TOKENS, MOCK_USER_IDS, FIXTURE_POST_IDS } from '../../src/mocks/fixtures';

/** Point the client here: `createTransport({ baseUrl: TEST_API_BASE, ... })`. */
export const TEST_API_BASE = 'http://api.test';

export const { server, db } = createNodeMocks(TEST_API_BASE);

/** The real v2 transport pointed at the mock backend, signed in as `token` (ada by default). */
export function createTestTransport(
  token: string | null = MOCK_TOKENS.ada,
  options: Partial<Omit<TransportOptions, 'getToken'>> = {},
): Transport {
  return createTransport({ baseUrl: TEST_API_BASE, getToken: () => token, ...options });
}
