/**
 * The mock backend for tests in node: msw's setupServer over a fresh database. Its pictures resolve
 * against the test page (jsdom's document.baseURI), or `mediaBase`; jsdom never fetches them.
 */
import { setupServer } from 'msw/node';
import { createMockDb } from './db';
import type { MockDbOptions } from './db';
import { createHandlers } from './handlers';
import type { LatencyOption } from './handlers/shared';

export interface NodeMocksOptions extends MockDbOptions {
  latencyMs?: LatencyOption;
}

export function createNodeMocks(baseUrl: string, options: NodeMocksOptions = {}) {
  const db = createMockDb(options);
  const handlers = createHandlers({ baseUrl, db, latencyMs: options.latencyMs });
  return { server: setupServer(...handlers), db, handlers };
}
