/**
 * A config.json changed while the app runs on an older one. A page started offline (by the service
 * worker) runs on the copy remembered by this build (lib/config.ts); a redeploy that changes only
 * config.json (the API moved) keeps the build, so that copy would stand in for good, and so would
 * the API address a long-open tab read. config.json is read again when the network comes back and
 * when the tab is shown after a while; a new API address replaces the remembered copy (loadConfig
 * keeps what it read) and `onChange` is told: the app reloads the page (src/app/start.tsx), because the
 * API address is fixed when the page starts: the transport and its queries' cache, and the page's
 * Content-Security-Policy, whose connect-src names the API's origin and cannot be widened later.
 */
import { loadConfig, type AppConfig, type LastConfigStore } from './config';
import type { ReadableStore } from './external-store';

/** Shown again after this long hidden (or since the last look), the tab reads config.json again. */
export const CONFIG_RECHECK_MS = 30 * 60_000;

export interface ConfigWatchOptions {
  /** The config the page runs on. */
  current: AppConfig;
  isDev: boolean;
  lastConfig: LastConfigStore;
  /** Online or not (lib/online-status.ts). */
  online: ReadableStore<boolean>;
  /** Told once, with the new config, when config.json names another API. */
  onChange: (next: AppConfig) => void;
  fetch?: typeof fetch;
  url?: string;
  build?: string;
  now?: () => number;
}

function apiAddress(config: AppConfig): string {
  return new URL(config.apiBaseUrl, document.baseURI).href.replace(/\/+$/, '');
}

/** Starts watching; returns the function that stops it. */
export function watchConfig(options: ConfigWatchOptions): () => void {
  const { current, online, now = () => Date.now() } = options;
  let lastLook = now();
  let wasOnline = online.get();
  let done = false;

  async function look() {
    if (done) return;
    lastLook = now();
    try {
      const next = await loadConfig({ isDev: options.isDev, lastConfig: options.lastConfig, fetch: options.fetch, url: options.url, build: options.build });
      // Only a file read now counts: no file (a deploy half done) or no network changes nothing.
      if (!done && next.source === 'file' && apiAddress(next) !== apiAddress(current)) {
        done = true;
        options.onChange(next);
      }
    } catch {
      // An invalid config.json: the page goes on with the one it has (a reload would show the error).
    }
  }

  const stopOnline = online.subscribe(() => {
    const isOnline = online.get();
    if (isOnline && !wasOnline) void look();
    wasOnline = isOnline;
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible' && now() - lastLook >= CONFIG_RECHECK_MS) void look();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    done = true;
    stopOnline();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
