import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { api } from '../../src/lib/api/client';
import { probeNetwork } from '../../src/lib/api/ping';
import { followNetwork } from '../../src/lib/online-status';
import { server, TEST_API_BASE } from './mock-backend';

/**
 * The browser's network as the app sees it (navigator.onLine and the online/offline events),
 * followed as in production (mocks off, the probe app/start.tsx sets). Offline, every request to the
 * API fails as it would in a browser (fetch rejects with a TypeError). `loseNetwork` is the other
 * offline: requests fail the same way while navigator.onLine still reads true and no event fires
 * (a reload with the network gone, Wi-Fi without internet, a captive portal). Back to "always
 * online" when the test ends.
 *
 * `requests` lists every API request the browser sent (method and path), failed ones included.
 */
export function simulateNetwork() {
  let online = true;
  let reachable = true;
  const requests: string[] = [];
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  server.use(
    http.all(`${TEST_API_BASE}/*`, ({ request }) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return reachable ? undefined : HttpResponse.error();
    }),
  );
  followNetwork(true, () => probeNetwork(api()));
  const set = (next: boolean) =>
    act(() => {
      online = next;
      reachable = next;
      window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    });
  onTestFinished(() => {
    online = true;
    followNetwork(false);
  });
  return {
    requests,
    goOffline: () => set(false),
    goOnline: () => set(true),
    /** Requests fail from now on; navigator.onLine stays true and no event fires. */
    loseNetwork: () => void (reachable = false),
    /** Requests are answered again; still no event (nothing tells a page the portal let it through). */
    restoreNetwork: () => void (reachable = true),
  };
}
