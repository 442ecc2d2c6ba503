import { describe, expect, it } from 'vitest';
import { blockingTimes, type SimulatedNode, type Simulations } from '../../scripts/bench/thread-time-tbt';

/** A main-thread task simulated from startMs to endMs whose main thread ran `share` of its wall time. */
const task = (startMs: number, endMs: number, share?: number): SimulatedNode => ({
  type: 'cpu',
  startMs,
  endMs,
  event: { dur: 10_000, ...(share === undefined ? {} : { tdur: 10_000 * share }) },
});
const request = (startMs: number, endMs: number): SimulatedNode => ({ type: 'network', startMs, endMs });

/** Both estimates alike: FCP's graph ends at `fcp`, LCP's at `lcp`; `tasks` in the TTI and TBT graphs. */
function simulations({ fcp = [1000, 1000], lcp = 2000, tasks }: { fcp?: [number, number]; lcp?: number; tasks: SimulatedNode[] }): Map<string, SimulatedNode[]> {
  const map = new Map<string, SimulatedNode[]>();
  (['optimistic', 'pessimistic'] as const).forEach((mode, i) => {
    map.set(`${mode}FirstContentfulPaint`, [request(0, fcp[i]!)]);
    map.set(`${mode}LargestContentfulPaint`, [request(0, lcp)]);
    map.set(`${mode}Interactive`, [request(0, lcp), ...tasks]);
    map.set(`${mode}TotalBlockingTime`, [request(0, lcp), ...tasks]);
  });
  return map;
}

describe("the bench's thread-time TBT (Lantern's TBT with tasks at their thread time)", () => {
  it('counts the part over 50 ms of each task between FCP and TTI, and the same at thread time', () => {
    // 200 ms simulated, of which the main thread ran half: 150 ms blocking by wall time, 50 by thread time.
    expect(blockingTimes(simulations({ tasks: [task(1200, 1400, 0.5)] }))).toEqual({ wallMs: 150, threadMs: 50, threadShare: 0.5 });
  });

  it('leaves out short tasks and those the thread time brings under 50 ms', () => {
    const result = blockingTimes(simulations({ tasks: [task(1100, 1149, 1), task(1200, 1290, 0.5)] }));
    expect(result).toMatchObject({ wallMs: 40, threadMs: 0 });
  });

  it('clips a task to the window from FCP', () => {
    // 900–1100 with FCP at 1000: 100 ms inside, 50 blocking.
    expect(blockingTimes(simulations({ tasks: [task(900, 1100, 1)] }))).toMatchObject({ wallMs: 50, threadMs: 50 });
  });

  it('ends the window at the later of LCP and the last long task, as Lantern’s TTI does', () => {
    // After LCP (2000) the task still counts: it is the last long task, so TTI is its end.
    expect(blockingTimes(simulations({ tasks: [task(2500, 2700, 1)] }))).toMatchObject({ wallMs: 150 });
  });

  it('uses the pessimistic FCP for the optimistic estimate and the other way round, as Lantern does', () => {
    // Optimistic FCP 800, pessimistic 1200. A task 1000–1300: in the optimistic estimate only
    // 1200–1300 counts (50), in the pessimistic one all 300 ms (250); half of each.
    expect(blockingTimes(simulations({ fcp: [800, 1200], tasks: [task(1000, 1300, 1)] }))).toMatchObject({ wallMs: 150 });
  });

  it('takes a task without thread time at its wall time', () => {
    expect(blockingTimes(simulations({ tasks: [task(1200, 1400)] }))).toEqual({ wallMs: 150, threadMs: 150, threadShare: 1 });
  });

  it('gives nothing when a simulation it needs is missing', () => {
    const partial: Simulations = new Map([...simulations({ tasks: [] })].filter(([label]) => label !== 'pessimisticInteractive'));
    expect(blockingTimes(partial)).toBeNull();
  });
});
