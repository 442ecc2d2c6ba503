/**
 * One task later: after the 0 ms timers the code under test has queued (a "task's pause", a React
 * Query notification), in the order they were queued. Not a wait on time: no timer of any length.
 * Without Vitest, so that the bench's simulations (bench/src/discovery-sim.ts) can use what needs it.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });
}
