import { appUpdate } from './update-store';

/**
 * Registers the app's service worker; the app calls this once the first page has rendered and the
 * main thread is idle (src/main.tsx). Only in production builds against a real API: with the
 * in-browser mock (the designer preview, `npm run dev`) MSW's worker owns the scope, and two workers
 * on one scope would replace each other.
 */
export function registerServiceWorkerIfWanted({ mocks }: { mocks: boolean }): void {
  if (!import.meta.env.PROD || mocks || !('serviceWorker' in navigator)) return;
  // No worker (an insecure origin, storage blocked) only means no offline start: nothing to show.
  import('./register-service-worker').then((m) => m.registerServiceWorker(appUpdate.offer)).catch(() => undefined);
}
