/**
 * A tiny concurrency limiter: at most `max` tasks run at once, the rest wait in line.
 * Two lanes: 'high' tasks always start before waiting 'low' ones, so a page the reader is
 * waiting for is not queued behind background probes that share the same budget.
 */
export type LimiterPriority = 'high' | 'low';

export interface Limiter {
  run<T>(task: () => Promise<T>, priority?: LimiterPriority): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly queued: number;
}

export const DEFAULT_CONCURRENCY = 6;

export function createLimiter(max: number = DEFAULT_CONCURRENCY): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('A limiter needs at least one slot.');
  let active = 0;
  const lanes: Record<LimiterPriority, Array<() => void>> = { high: [], low: [] };

  const pump = () => {
    while (active < max) {
      const start = lanes.high.shift() ?? lanes.low.shift();
      if (!start) return;
      active += 1;
      start();
    }
  };

  return {
    run<T>(task: () => Promise<T>, priority: LimiterPriority = 'high') {
      return new Promise<T>((resolve, reject) => {
        lanes[priority].push(() => {
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(() => {
            active -= 1;
            pump();
          });
        });
        pump();
      });
    },
    get active() {
      return active;
    },
    get queued() {
      return lanes.high.length + lanes.low.length;
    },
  };
}
