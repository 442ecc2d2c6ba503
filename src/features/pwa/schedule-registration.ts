import { whenIdle } from '../../lib/idle';
import { appUpdate } from './update-store';

/**
 * Registers the app's service worker once the first page has rendered and the main thread is
 * idle; only in production builds against a real API. With the in-browser mock (the designer
 * preview, `npm run dev`) MSW's worker owns the scope, and two workers on one scope would replace
 * each other.
 */
export function registerServiceWorkerWhenIdle({ mocks }: { mocks: boolean }): void {
  if (!import.meta.env.PROD || mocks || !('serviceWorker' in navigator)) return;
  const register = () => {
    // No worker (an insecure origin, storage blocked) only means no offline start: nothing to show.
    import('./register-service-worker').then((m) => m.registerServiceWorker(appUpdate.offer)).catch(() => undefined);
  };
  whenIdle(register, 4_000);
}
