/**
 * The soak's figures (scenarios/soak.ts): when it samples, and what its samples say. Pure, so
 * bench/test/soak.test.ts checks it without a browser.
 */

/** One sample, taken at the top of the feed with the tab visible, after a forced garbage collection. */
export interface SoakSample {
  /** Minutes since the person started (the feed loaded and settled). */
  minute: number;
  /** CDP Performance.getMetrics JSHeapUsedSize, after HeapProfiler.collectGarbage. */
  heapUsedBytes: number;
  /** CDP Performance.getMetrics Nodes: DOM nodes alive in the page. */
  domNodes: number;
  /** CDP Performance.getMetrics JSEventListeners. */
  jsEventListeners: number;
  /** API requests the tab sent since the previous sample (the feed's load before the first). */
  requests: number;
  /** `requests` over the minutes since the previous sample. */
  requestsPerMinute: number;
  /** Posts the other account had written by then. */
  posted: number;
}

/**
 * The minutes to sample at: minute 1, every `interval` minutes, and the end, each once, in order.
 */
export function sampleMinutes(total: number, interval: number): number[] {
  const minutes = new Set<number>([Math.min(1, total)]);
  for (let m = interval; m < total; m += interval) minutes.add(m);
  minutes.add(total);
  return [...minutes].sort((a, b) => a - b);
}

/**
 * What the end is compared with: minute 10, as the budget reads (the first minutes fill
 * caches the app means to keep), when the run is at least 20 minutes long and sampled there;
 * otherwise the first sample past minute 1 (a short run's first interval mark).
 */
export function baselineMinute(minutes: readonly number[]): number | null {
  const total = minutes[minutes.length - 1];
  if (total === undefined) return null;
  if (total >= 20 && minutes.includes(10)) return 10;
  return minutes.find((m) => m > 1 && m < total) ?? null;
}

const ratio = (end: number, base: number) => (base > 0 ? Math.round((end / base) * 100) / 100 : null);

export interface SoakSummary {
  baselineMinute: number | null;
  endMinute: number | null;
  /** The end's figure over the baseline's: heap, DOM nodes, listeners, requests a minute. */
  heapVsBaseline: number | null;
  domNodesVsBaseline: number | null;
  jsEventListenersVsBaseline: number | null;
  requestsPerMinuteVsBaseline: number | null;
  /** The budget: heap at the end ≤ HEAP_LIMIT × the baseline's. */
  heapLimit: number;
  heapMet: boolean | null;
}

/** Heap after the last minute at most this many times the baseline's (issue 38). */
export const HEAP_LIMIT = 1.2;

export function summarizeSoak(samples: readonly SoakSample[]): SoakSummary {
  const base = baselineMinute(samples.map((s) => s.minute));
  const first = samples.find((s) => s.minute === base);
  const end = samples[samples.length - 1];
  const usable = first !== undefined && end !== undefined && end !== first;
  const heapVsBaseline = usable ? ratio(end.heapUsedBytes, first.heapUsedBytes) : null;
  return {
    baselineMinute: usable ? first.minute : null,
    endMinute: usable ? end.minute : null,
    heapVsBaseline,
    domNodesVsBaseline: usable ? ratio(end.domNodes, first.domNodes) : null,
    jsEventListenersVsBaseline: usable ? ratio(end.jsEventListeners, first.jsEventListeners) : null,
    requestsPerMinuteVsBaseline: usable ? ratio(end.requestsPerMinute, first.requestsPerMinute) : null,
    heapLimit: HEAP_LIMIT,
    heapMet: heapVsBaseline === null ? null : heapVsBaseline <= HEAP_LIMIT,
  };
}

/** One line a sample, for the progress log: "minute 10: heap 5.2 MB, 812 nodes, 145 listeners, 4.1 requests a minute". */
export function sampleLine(s: SoakSample): string {
  const mb = (s.heapUsedBytes / 1_048_576).toFixed(2);
  return `minute ${String(s.minute).padStart(3)}: heap ${mb} MB, ${s.domNodes} DOM nodes, ${s.jsEventListeners} listeners, ${s.requestsPerMinute} requests a minute (${s.requests}), ${s.posted} posted`;
}
