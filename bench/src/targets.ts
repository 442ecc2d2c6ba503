/**
 * The targets the report checks (issue 10's among them). A missed target is reported
 * (`met: false`), never an exit code or a test failure: figures from a busy machine are not a verdict.
 */
import { DEFAULT_LIGHTHOUSE_CPU, type LighthouseThrottling } from './args';

/** A figure judged against a target: `met` is null when the figure is missing. */
export interface Verdict {
  value: number | null;
  met: boolean | null;
}

export interface Target extends Verdict {
  target: string;
  note?: string;
  /**
   * The floor page's own figure against the same target, from the same Lighthouse run: where the
   * floor misses too, the miss is the host's (slower than the CPU slowdown assumes), not the app's.
   */
  floor?: Verdict;
  /**
   * Lighthouse's figure recomputed with every main-thread task at its thread time instead of its
   * wall time (scripts/bench/thread-time-tbt.ts), judged by the same limit, with the floor page's
   * likewise: what the figure would be on a host of this speed with nothing else running.
   */
  byThreadTime?: Verdict & { floor?: Verdict };
}

type Figure = number | null | undefined;

/** What a Lighthouse target carries beside its own figure (absent when undefined). */
interface Beside {
  floor?: Figure;
  byThreadTime?: { value: Figure; floor: Figure };
}

const verdict = (value: Figure, ok: (v: number) => boolean): Verdict => ({
  value: value ?? null,
  met: value === null || value === undefined ? null : ok(value),
});

/** `value` judged by `ok`, with the figures beside it judged by the same rule. */
function judged(value: Figure, ok: (v: number) => boolean, target: string, note?: string, beside: Beside = {}): Target {
  const thread = beside.byThreadTime;
  return {
    target,
    ...verdict(value, ok),
    ...(note ? { note } : {}),
    ...(beside.floor === undefined ? {} : { floor: verdict(beside.floor, ok) }),
    ...(thread?.value === undefined
      ? {}
      : { byThreadTime: { ...verdict(thread.value, ok), ...(thread.floor === undefined ? {} : { floor: verdict(thread.floor, ok) }) } }),
  };
}
const atMost = (value: Figure, limit: number, unit = '', note?: string, beside?: Beside) => judged(value, (v) => v <= limit, `≤ ${limit}${unit}`, note, beside);
const atLeast = (value: Figure, limit: number, unit = '', note?: string, beside?: Beside) => judged(value, (v) => v >= limit, `≥ ${limit}${unit}`, note, beside);

/** A page's Lighthouse figures with tasks at their thread time (`lighthouse.<page>.…ByThreadTime…`). */
export interface ThreadTimeFigures {
  score: Figure;
  tbtMs: Figure;
}

export interface TargetInputs {
  feedInitialJsGzipBytes?: number;
  feedBudgetGzipBytes?: number;
  mockChunks?: number;
  returnVisitRoundTrips?: Figure;
  threadReplies?: number;
  threadFirstReplyRoundTrips?: Figure;
  threadAllRepliesRoundTrips?: Figure;
  threadPostGets?: number;
  backRequests?: number;
  /** paint.vsFloor.signIn */
  signInFcpVsFloor?: Figure;
  signInLcpVsFloor?: Figure;
  /** Lighthouse's simulated CPU slowdown the Lighthouse figures were taken at (4: its default). */
  lighthouseCpuMultiplier?: number;
  /** How the Lighthouse figures were throttled ('simulate': its default). */
  lighthouseThrottling?: LighthouseThrottling;
  /** The floor page's Lighthouse figures from the same run (`lighthouse.floor`). */
  lighthouseFloorScore?: Figure;
  lighthouseFloorTbtMs?: Figure;
  lighthouseFloorCls?: Figure;
  lighthouseFeedScore?: Figure;
  lighthouseSignInScore?: Figure;
  lighthouseFeedTbtMs?: Figure;
  lighthouseFeedSameOriginScore?: Figure;
  lighthouseFeedSameOriginTbtMs?: Figure;
  lighthouseFeedCls?: Figure;
  lighthouseSignInCls?: Figure;
  lighthouseSignInFcpVsFloor?: Figure;
  lighthouseSignInLcpVsFloor?: Figure;
  /** The Lighthouse pages' score and TBT recomputed at thread time, where the runs gave them. */
  lighthouseByThreadTime?: Partial<Record<'floor' | 'signIn' | 'feed' | 'feedSameOrigin', ThreadTimeFigures>>;
  sameOriginFirstVisitRoundTrips?: Figure;
  sameOriginFirstVisitRequestsBeforeFirstPost?: Figure;
  reloadApiAnswersBeforeFirstPostWorst?: Figure;
  idleVisibleRequestsPerMinute?: Figure;
  idleHiddenRequestsPerMinute?: Figure;
}

export function checkTargets(i: TargetInputs): Record<string, Target> {
  const targets: Record<string, Target> = {};
  const has = (key: keyof TargetInputs) => i[key] !== undefined;
  if (i.feedInitialJsGzipBytes !== undefined && i.feedBudgetGzipBytes !== undefined) {
    targets.feedInitialJsGzipBytes = atMost(i.feedInitialJsGzipBytes, i.feedBudgetGzipBytes, ' bytes', 'scripts/check-size.mjs budget (128 KB gzip -9)');
  }
  if (has('mockChunks')) targets.mockCodeInFeedInitialChunks = atMost(i.mockChunks, 0, ' chunks');

  // Issue 10's Lighthouse targets assume Lighthouse's defaults (simulated throttling, 4× CPU): say so when they were not taken so.
  const cpu = i.lighthouseCpuMultiplier;
  const lhNote = (note: string) =>
    [
      note,
      cpu === undefined || cpu === DEFAULT_LIGHTHOUSE_CPU ? null : `at ${cpu}× CPU, not Lighthouse's default 4×`,
      i.lighthouseThrottling === undefined || i.lighthouseThrottling === 'simulate' ? null : "DevTools' throttling of the real load, not Lighthouse's simulation",
    ]
      .filter(Boolean)
      .join('; ');
  const floorScore = i.lighthouseFloorScore;
  const floorTbt = i.lighthouseFloorTbtMs;
  const floorCls = i.lighthouseFloorCls;
  // Each with the floor's figure and, where the runs gave them, both figures at thread time.
  const byThread = i.lighthouseByThreadTime;
  const score = (page: 'signIn' | 'feed' | 'feedSameOrigin') => byThread && { value: byThread[page]?.score, floor: byThread.floor?.score };
  const tbt = (page: 'feed' | 'feedSameOrigin') => byThread && { value: byThread[page]?.tbtMs, floor: byThread.floor?.tbtMs };
  if (has('lighthouseFeedScore')) {
    targets.lighthouseFeedScore = atLeast(i.lighthouseFeedScore, 95, '', lhNote('median of the Lighthouse runs, mobile; API cross-origin'), { floor: floorScore, byThreadTime: score('feed') });
  }
  if (has('lighthouseFeedSameOriginScore')) {
    targets.lighthouseFeedSameOriginScore = atLeast(i.lighthouseFeedSameOriginScore, 95, '', lhNote('median, mobile; API same-origin (deploy/nginx.conf)'), {
      floor: floorScore,
      byThreadTime: score('feedSameOrigin'),
    });
  }
  if (has('lighthouseSignInScore')) {
    targets.lighthouseSignInScore = atLeast(i.lighthouseSignInScore, 98, '', lhNote('signed-out home; median, mobile'), { floor: floorScore, byThreadTime: score('signIn') });
  }
  if (has('lighthouseFeedTbtMs')) {
    targets.lighthouseFeedTotalBlockingTimeMs = atMost(i.lighthouseFeedTbtMs, 100, ' ms', lhNote('median; API cross-origin'), { floor: floorTbt, byThreadTime: tbt('feed') });
  }
  if (has('lighthouseFeedSameOriginTbtMs')) {
    targets.lighthouseFeedSameOriginTotalBlockingTimeMs = atMost(i.lighthouseFeedSameOriginTbtMs, 100, ' ms', lhNote('median; API same-origin'), {
      floor: floorTbt,
      byThreadTime: tbt('feedSameOrigin'),
    });
  }
  if (has('lighthouseFeedCls')) targets.lighthouseFeedCls = atMost(i.lighthouseFeedCls, 0.02, '', lhNote('median'), { floor: floorCls });
  if (has('lighthouseSignInCls')) targets.lighthouseSignInCls = atMost(i.lighthouseSignInCls, 0.02, '', lhNote('median'), { floor: floorCls });

  const floorNote = (what: string) => `${what} of the signed-out home over the floor page's, same run`;
  if (has('signInFcpVsFloor')) targets.signInFcpVsFloor = atMost(i.signInFcpVsFloor, 1.15, '×', floorNote('paint: FCP at 4× CPU'));
  if (has('signInLcpVsFloor')) targets.signInLcpVsFloor = atMost(i.signInLcpVsFloor, 1.15, '×', floorNote('paint: LCP at 4× CPU'));
  if (has('lighthouseSignInFcpVsFloor')) targets.lighthouseSignInFcpVsFloor = atMost(i.lighthouseSignInFcpVsFloor, 1.15, '×', lhNote(floorNote('Lighthouse FCP')));
  if (has('lighthouseSignInLcpVsFloor')) targets.lighthouseSignInLcpVsFloor = atMost(i.lighthouseSignInLcpVsFloor, 1.15, '×', lhNote(floorNote('Lighthouse LCP')));

  if (has('sameOriginFirstVisitRoundTrips')) {
    targets.sameOriginFirstVisitRoundTripsToFirstPost = atMost(i.sameOriginFirstVisitRoundTrips, 5, '', 'median; 100 ms latency');
  }
  if (has('sameOriginFirstVisitRequestsBeforeFirstPost')) {
    targets.sameOriginFirstVisitRequestsBeforeFirstPost = atMost(i.sameOriginFirstVisitRequestsBeforeFirstPost, 30, '', 'median');
  }
  if (has('returnVisitRoundTrips')) targets.returnVisitRoundTripsToFirstPost = atMost(i.returnVisitRoundTrips, 3, '', 'median; cross-origin');
  if (has('reloadApiAnswersBeforeFirstPostWorst')) {
    targets.reloadApiAnswersBeforeFirstPost = atMost(i.reloadApiAnswersBeforeFirstPostWorst, 0, '', 'worst reload: first post painted before any API answer');
  }
  if (has('idleVisibleRequestsPerMinute')) targets.idleFeedRequestsPerMinute = atMost(i.idleVisibleRequestsPerMinute, 3, '', 'visible tab, nothing new');
  if (has('idleHiddenRequestsPerMinute')) targets.idleHiddenFeedRequestsPerMinute = atMost(i.idleHiddenRequestsPerMinute, 0, '', 'hidden tab');

  if (has('threadFirstReplyRoundTrips')) targets.threadRoundTripsToFirstReply = atMost(i.threadFirstReplyRoundTrips, 2, '', 'median');
  if (has('threadAllRepliesRoundTrips') && i.threadReplies !== undefined) {
    const limit = Math.ceil(i.threadReplies / 6) + 1;
    targets.threadRoundTripsToAllReplies = atMost(i.threadAllRepliesRoundTrips, limit, '', `median; ⌈${i.threadReplies} / 6⌉ + 1`);
  }
  if (has('threadPostGets')) targets.openThreadGetsForLoadedPost = atMost(i.threadPostGets, 0);
  if (has('backRequests')) targets.backToFeedRequests = atMost(i.backRequests, 0);
  return targets;
}
