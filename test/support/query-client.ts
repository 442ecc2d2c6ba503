import { onTestFinished } from 'vitest';
import { createAppQueryClient } from '../../src/app/create-app-query-client';

/**
 * The app's query client with retries off, cleared when the test ends (call it inside a test or a
 * hook). Clearing cancels what the client still has under way: a query paused while the network
 * was away, or one whose request waits on a fake timer that will never fire, settles no other way,
 * and the feed scan's reads each hold a slot of the one limiter every scan shares (module state)
 * until theirs settles. Six such reads left every later feed in the same module instance on
 * "Loading posts…", depending on which tests ran before.
 */
export function testQueryClient() {
  const client = createAppQueryClient({ retry: false });
  onTestFinished(() => client.clear());
  return client;
}
