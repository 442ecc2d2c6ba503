/**
 * The tests' clock (test/README.md, "Keeping it fast"): nothing waits on real time. The app's timers
 * run on vi's fake clock, which also moves with real time (`shouldAdvanceTime`, so library code that
 * waits a moment still runs); a test moves it on at once. Undo with `vi.useRealTimers()` in afterEach.
 */
import { vi } from 'vitest';

export function useTestClock(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
}

/**
 * Lets what is under way run to its end: a request to the in-process mock (sent from a task of its
 * own), its answer, what that leads to. Turns of the event loop (setImmediate, which the clock leaves
 * real), no timer: a request it lets through is one the app sent, not one a later timer would.
 */
export async function settleTasks(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export { nextTask } from './tasks';

/**
 * Moves the fake clock (`useTestClock`, or any `vi.useFakeTimers`) on by `ms`, running the timers that
 * fall due, then `settleTasks`: for "nothing more happened in that time" checks. Inside `act`, so the
 * renders it leads to are done too (imported when used: node-environment files use `settleTasks` alone).
 */
export async function moveClock(ms: number): Promise<void> {
  const { act } = await import('@testing-library/react');
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await settleTasks();
  });
}
