/**
 * Coming back to the tab after a while: shown again after RETURN_AFTER_MS or more hidden (another
 * tab, a minimised window, a locked screen). Then the check for new posts runs at once, in full
 * (head-poll.ts), and a new visit begins (last-seen.ts). A shorter look away is neither: the
 * minute's check goes on as it was. Visibility as TanStack Query's focusManager reports it (what
 * every query's refetch on focus follows). Loaded on demand, with what listens.
 */
import { focusManager } from '@tanstack/react-query';

/**
 * Away this long or more, coming back is "after a while": the tab shown again after this long
 * hidden, or a start from the persisted cache whose head was checked this long ago (head-poll.ts).
 * Half the minute's period: a glance at another tab costs nothing, and after a while the check at
 * once replaces the one the minute would have made, rather than adding one.
 */
export const RETURN_AFTER_MS = 30_000;

const listeners = new Set<() => void>();
let hiddenAt: number | null = null;
let longEnough = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function hidden(): void {
  if (hiddenAt !== null) return;
  hiddenAt = Date.now();
  longEnough = false;
  // A timer as well as the clock: a test's fake timers move one, a frozen tab's clock the other.
  timer = setTimeout(() => (longEnough = true), RETURN_AFTER_MS);
}

if (!focusManager.isFocused()) hidden();
focusManager.subscribe((focused) => {
  if (!focused) return hidden();
  if (hiddenAt === null) return;
  const away = longEnough || Date.now() - hiddenAt >= RETURN_AFTER_MS;
  clearTimeout(timer);
  hiddenAt = null;
  if (away) for (const listener of [...listeners]) listener();
});

/** Calls `listener` on every return to the tab after RETURN_AFTER_MS or more hidden; returns how to stop. */
export function onTabReturn(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
