/**
 * A tiny concurrency limiter: at most `max` tasks run at once, the rest wait in line.
 * Two lanes: 'high' tasks always start before waiting 'low' ones, and 'low' tasks only start while
 * no 'high' task runs, so a page the reader is waiting for is not queued behind background probes
 * that share the same budget, nor sharing its round trip with them.
 * Within a lane, first come, first served; a task given an `order` goes before the waiting ones whose
 * order is greater (compared as strings), so a caller can queue by where things stand on the page. It
 * never goes ahead of a waiting task without an order.
 */
export type LimiterPriority = 'high' | 'low';

export interface Limiter {
  run<T>(task: () => Promise<T>, priority?: LimiterPriority, order?: string): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly queued: number;
}

export const DEFAULT_CONCURRENCY = 6;

export function createLimiter(max: number = DEFAULT_CONCURRENCY): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('A limiter needs at least one slot.');
  let active = 0;
  let activeHigh = 0;
  const lanes: Record<LimiterPriority, Array<{ start: () => void; order?: string }>> = { high: [], low: [] };

  const pump = () => {
    while (active < max) {
      const next = lanes.high.shift() ?? (activeHigh === 0 ? lanes.low.shift() : undefined);
      if (!next) return;
      next.start();
    }
  };

  return {
    run<T>(task: () => Promise<T>, priority: LimiterPriority = 'high', order?: string) {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          active += 1;
          if (priority === 'high') activeHigh += 1;
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(() => {
            active -= 1;
            if (priority === 'high') activeHigh -= 1;
            pump();
          });
        };
        const lane = lanes[priority];
        let at = lane.length;
        // Back past the waiting tasks whose order is greater; one without an order stays ahead.
        if (order !== undefined) while (at > 0 && order < (lane[at - 1]!.order ?? '')) at -= 1;
        lane.splice(at, 0, { start, order });
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
