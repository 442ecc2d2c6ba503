import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { followNetwork } from '../../src/lib/online-status';
import { server, TEST_API_BASE } from '../support/mock-backend';

/**
 * The browser's network as the app sees it (navigator.onLine and the online/offline events),
 * followed as in production (mocks off). Offline, every request to the API fails as it would in
 * a browser. Back to "always online" when the test ends.
 */
export function simulateNetwork() {
  let online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  server.use(http.all(`${TEST_API_BASE}/*`, () => (online ? undefined : HttpResponse.error())));
  followNetwork(true);
  const set = (next: boolean) =>
    act(() => {
      online = next;
      window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    });
  onTestFinished(() => {
    online = true;
    followNetwork(false);
  });
  return { goOffline: () => set(false), goOnline: () => set(true) };
}
