import type { AppConfig, LastConfigStore } from '../../lib/config';
import { onlineStatus } from '../../lib/online-status';
import { appUpdate } from './update-store';

/**
 * Registers the app's service worker; the app calls this once the first page has rendered and the
 * main thread is idle (src/app/start.tsx). Only in production builds against a real API: with the
 * in-browser mock (the designer preview, `npm run dev`) MSW's worker owns the scope, and two workers
 * on one scope would replace each other.
 */
export function registerServiceWorkerIfWanted(config: AppConfig, lastConfig: () => LastConfigStore): void {
  if (!import.meta.env.PROD || config.mocks || !('serviceWorker' in navigator)) return;
  // No worker (an insecure origin, storage blocked) only means no offline start: nothing to show.
  import('./register-service-worker').then((m) => m.registerServiceWorker(appUpdate.set)).catch(() => undefined);
  // What the worker makes possible, a start on the remembered config.json, must not outlive a
  // redeploy that moved the API (lib/watch-config.ts): the page starts again on the new address.
  import('../../lib/watch-config')
    .then((m) =>
      m.watchConfig({ current: config, isDev: false, lastConfig: lastConfig(), online: { get: onlineStatus.isOnline, subscribe: onlineStatus.subscribe }, onChange: () => window.location.reload() }),
    )
    .catch(() => undefined);
}
