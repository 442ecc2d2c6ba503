/**
 * Lighthouse's simulated Total Blocking Time, recomputed from the simulations of one run the way
 * Lantern computes it, and a second time with each main-thread task as long as the main thread
 * actually ran it.
 *
 * Why: Lantern lengthens every task it saw by the CPU slowdown (4×). It reads a task's length from
 * the trace's wall clock (`dur`), so a task during which the renderer's main thread was not running
 * (descheduled by the host's other work: Chromium's other threads and processes, the bench's
 * servers, other tenants of a shared machine) is lengthened as if all of it were work. On this
 * 2-core machine the main thread ran for a fifth to two thirds of some tasks' wall time (trace
 * `tdur` against `dur`, 2026-11-26). The trace also records each task's thread time (`tdur`): the
 * same simulation with `tdur` in place of `dur` says what the figure would be on a host of this
 * speed with nothing else running. It is an estimate, and a low one: a task that waits for
 * another thread (a synchronous IPC, a lock) also runs less than its wall time on a quiet host.
 *
 * Lantern's rule (its metrics/TotalBlockingTime.js and TBTUtils.js): the parts over 50 ms of the
 * TBT graph's tasks that fall between FCP and TTI, clipped to that window; half of the optimistic
 * estimate (window from the pessimistic FCP to the optimistic TTI) and half of the pessimistic one
 * (the optimistic FCP to the pessimistic TTI). An estimate's FCP and LCP are the ends of their
 * simulations; its TTI is the later of its LCP and the end of its graph's last task over 50 ms.
 */

/** One node of a simulation: its simulated timing and, for a main-thread task, its trace event. */
export interface SimulatedNode {
  type: 'cpu' | 'network';
  startMs: number;
  endMs: number;
  /** The task's trace event: wall time (`dur`) and thread time (`tdur`, µs; absent in some traces). */
  event?: { dur: number; tdur?: number };
}

/** Simulations by Lantern's label (`optimisticTotalBlockingTime`, `pessimisticFirstContentfulPaint`, …). */
export type Simulations = ReadonlyMap<string, readonly SimulatedNode[]>;

export interface BlockingTimes {
  /** Lantern's TBT from these simulations: equals Lighthouse's figure when they were read right. */
  wallMs: number;
  /** The same, each task shortened to its thread time (its simulated length × tdur / dur). */
  threadMs: number;
  /** Thread time over wall time of the main-thread tasks in the pessimistic TBT graph (0–1). */
  threadShare: number;
}

const THRESHOLD_MS = 50;
const MODES = ['optimistic', 'pessimistic'] as const;

const endOf = (nodes: readonly SimulatedNode[]) => nodes.reduce((max, node) => Math.max(max, node.endMs), 0);

/** A task's share of its wall time that the main thread ran (1 where the trace has no thread time). */
function threadRatio(node: SimulatedNode): number {
  const event = node.event;
  if (!event || !(event.dur > 0) || typeof event.tdur !== 'number' || !(event.tdur >= 0)) return 1;
  return Math.min(1, event.tdur / event.dur);
}

/** Lantern's calculateTbtImpactForEvent for a top-level task. */
function blocking(startMs: number, endMs: number, windowStart: number, windowEnd: number): number {
  if (endMs - startMs < THRESHOLD_MS || endMs < windowStart || startMs > windowEnd) return 0;
  const clipped = Math.min(endMs, windowEnd) - Math.max(startMs, windowStart);
  return clipped < THRESHOLD_MS ? 0 : clipped - THRESHOLD_MS;
}

/** Null when a simulation TBT needs is missing (not a simulated run, or Lantern's labels changed). */
export function blockingTimes(simulations: Simulations): BlockingTimes | null {
  const get = (label: string) => simulations.get(label);
  const fcp: Record<string, number> = {};
  const tti: Record<string, number> = {};
  for (const mode of MODES) {
    const fcpGraph = get(`${mode}FirstContentfulPaint`);
    const lcpGraph = get(`${mode}LargestContentfulPaint`);
    const ttiGraph = get(`${mode}Interactive`);
    if (!fcpGraph || !lcpGraph || !ttiGraph) return null;
    fcp[mode] = endOf(fcpGraph);
    const lastLongTask = ttiGraph
      .filter((node) => node.type === 'cpu' && node.endMs - node.startMs > THRESHOLD_MS)
      .reduce((max, node) => Math.max(max, node.endMs), 0);
    tti[mode] = Math.max(endOf(lcpGraph), lastLongTask);
  }
  let wallMs = 0;
  let threadMs = 0;
  for (const mode of MODES) {
    const graph = get(`${mode}TotalBlockingTime`);
    if (!graph) return null;
    // Lantern's inversion, kept: the optimistic estimate's window starts at the pessimistic FCP.
    const windowStart = mode === 'optimistic' ? fcp.pessimistic! : fcp.optimistic!;
    const windowEnd = tti[mode]!;
    if (windowEnd <= windowStart) continue;
    let wall = 0;
    let thread = 0;
    for (const node of graph) {
      if (node.type !== 'cpu') continue;
      wall += blocking(node.startMs, node.endMs, windowStart, windowEnd);
      const length = (node.endMs - node.startMs) * threadRatio(node);
      thread += blocking(node.startMs, node.startMs + length, windowStart, windowEnd);
    }
    wallMs += wall / 2;
    threadMs += thread / 2;
  }
  const tasks = (get('pessimisticTotalBlockingTime') ?? []).filter((node) => node.type === 'cpu' && node.event);
  const wallUs = tasks.reduce((sum, node) => sum + node.event!.dur, 0);
  const threadUs = tasks.reduce((sum, node) => sum + node.event!.dur * threadRatio(node), 0);
  return {
    wallMs: Math.round(wallMs * 10) / 10,
    threadMs: Math.round(threadMs * 10) / 10,
    threadShare: wallUs > 0 ? Math.round((threadUs / wallUs) * 100) / 100 : 1,
  };
}
