/**
 * Whether the app can reach the network, as a tiny store, shared with TanStack Query's onlineManager
 * so that queries pause (keeping what is on screen) instead of failing while offline, and read by
 * the API client, which refuses writes unsent while offline.
 *
 * Offline when the browser says so (navigator.onLine, the online/offline events), and also when a
 * request got no answer at all (the API client reports each request: `reached`). The browser's word
 * is not enough: after a reload with the network gone, on Wi-Fi without internet, behind a captive
 * portal or a dropped VPN, navigator.onLine reads true while every request fails.
 *
 * Back online at the first answer: any HTTP response, even a 4xx or 5xx, shows the network is there.
 * Offline by failure, the browser's `online` event is not taken at its word (it fires for any link
 * that comes up, a portal's too): it sends the probe at once, and the probe's answer decides. The
 * probe (set by app/start.tsx: the status ping) is the one request sent while offline by failure, at the
 * ping's own pace and only from a visible tab, so recovery needs no reload; the ping query itself
 * is paused meanwhile, like every query, so this costs no request beyond what an idle page sends.
 * A write (or a sign-in) does not wait for that minute: it sends the probe at once (`recheck`, one
 * probe at a time, shared) and is sent if it is answered, refused unsent if not.
 *
 * Only followed when the API is remote: the in-browser mock answers without any network, so a
 * designer on a train keeps a working preview. Until `followNetwork(true)`, the app counts as online.
 */
import { onlineManager } from '@tanstack/react-query';
import { createStore, useStore } from './external-store';

/** The status ping's pace (features/status): offline by failure, the probe is sent no more often. */
const PROBE_MS = 60_000;
/** How long a request failing the way a flaky network fails (5xx, 429, no answer) counts as trouble. */
export const TROUBLE_MS = 30_000;

const store = createStore(true);
/** A request failed so within TROUBLE_MS (in mock mode too: the designer's flaky scenario). */
const trouble = createStore(false);
let troubleTimer: ReturnType<typeof setTimeout> | undefined;
let following = false;
/** A request got no answer, and none has been answered since. */
let failed = false;
let probe: (() => Promise<unknown>) | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
/** The probe on its way: one at a time, shared by whoever asks meanwhile. */
let probing: Promise<unknown> | undefined;

function read() {
  store.set(!following || (navigator.onLine !== false && !failed));
}

function setFailed(next: boolean) {
  failed = next;
  clearInterval(timer);
  if (next) timer = setInterval(check, PROBE_MS);
  read();
}

/**
 * Sends the probe, offline by failure only (the browser's own "offline" is certain) and never from a
 * hidden tab, unless one is already on its way; returns the one on its way (settles, never rejects).
 */
function check() {
  read();
  if (failed && navigator.onLine !== false && document.visibilityState !== 'hidden') probing ||= probe?.().then(sent, sent);
  return probing;
}

function sent() {
  probing = undefined;
}

export const onlineStatus = {
  isOnline: store.get,
  subscribe: store.subscribe,
  /** Told by the API client after each request: answered (any HTTP status), or no answer at all. */
  reached(answered: boolean) {
    if (failed === (following && !answered)) return;
    setFailed(!failed);
  },
  /** Told by the API client when a request failed with a 5xx or a 429, got no answer, or timed out. */
  troubled() {
    trouble.set(true);
    clearTimeout(troubleTimer);
    troubleTimer = setTimeout(() => trouble.set(false), TROUBLE_MS);
  },
  /**
   * Before a write (the API client's `recheck`): offline by failure, sends the probe now instead of
   * waiting for the minute (or joins the one on its way), settling once it is answered or has failed.
   */
  recheck: check,
};

/**
 * Starts (or stops) following navigator.onLine, the online/offline events and failed requests;
 * `sendProbe` is the request that finds out whether the network is back.
 */
export function followNetwork(follow: boolean, sendProbe?: () => Promise<unknown>): void {
  probe = sendProbe;
  if (following !== follow) {
    following = follow;
    setFailed(false);
    const method = follow ? 'addEventListener' : 'removeEventListener';
    window[method]('online', check);
    window[method]('offline', read);
    window[method]('visibilitychange', check);
  }
  read();
  // Replaces the default listener, which ignores a page that opens already offline.
  onlineManager.setEventListener((setOnline) => {
    setOnline(store.get());
    return store.subscribe(() => setOnline(store.get()));
  });
}

export function useOnline(): boolean {
  return useStore(store);
}

/** True while requests have been failing (TROUBLE_MS since the last), the API reachable or not. */
export function useApiTrouble(): boolean {
  return useStore(trouble);
}
