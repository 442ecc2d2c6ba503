/**
 * The targets the report checks: first the project's budgets (`budget: true`, docs/performance.md's
 * first page), then the finer targets kept from issue 10. A missed target is reported
 * (`met: false`), never an exit code or a test failure: figures from a busy machine are not a verdict.
 */
import { RATIO_GOAL } from '../../scripts/check-size.mjs';

/** A figure judged against a target: `met` is null when the figure is missing. */
export interface Verdict {
  value: number | null;
  met: boolean | null;
}

/** The floor page's figure beside a target: judged by the same rule where the rule can apply to it. */
export type FloorFigure = Verdict | { value: number | null; note: string };

export interface Target extends Verdict {
  target: string;
  /** One of the project's budgets. */
  budget?: true;
  note?: string;
  /**
   * The floor page's own figure from the same run. Where it misses an absolute limit too (a
   * Lighthouse score), the miss is the host's (slower than Lighthouse's 4× CPU assumes), not the app's.
   */
  floor?: FloorFigure;
  /** The app's figure over the floor's, where the target is a ratio to it. */
  vsFloor?: number | null;
}

type Figure = number | null | undefined;

export interface TargetInputs {
  feedInitialJsGzipBytes?: number;
  /** The floor page's initial JS (everything its first load runs), gzip -9. */
  floorInitialJsGzipBytes?: Figure;
  mockChunks?: number;
  /** Lighthouse runs per page behind the medians. */
  lighthouseRuns?: number;
  /** The floor page's Lighthouse figures from the same run (`lighthouse.floor`). */
  lighthouseFloorScore?: Figure;
  lighthouseFloorTbtMs?: Figure;
  lighthouseFloorCls?: Figure;
  lighthouseSignInScore?: Figure;
  lighthouseSignInCls?: Figure;
  lighthouseSignInFcpVsFloor?: Figure;
  lighthouseSignInLcpVsFloor?: Figure;
  lighthouseFeedScore?: Figure;
  lighthouseFeedTbtMs?: Figure;
  lighthouseFeedCls?: Figure;
  lighthouseFeedSameOriginScore?: Figure;
  lighthouseFeedSameOriginTbtMs?: Figure;
  lighthouseFeedSameOriginCls?: Figure;
  /** Three tabs of one account over one tab alone, API requests a minute: idle, and while another account posts. */
  threeTabsIdleRatio?: Figure;
  threeTabsPostingRatio?: Figure;
  /** The soak (scenarios/soak.ts): its length, the minute the end is compared with, and the end's figures over that minute's. */
  soakMinutes?: number;
  soakBaselineMinute?: Figure;
  soakHeapVsBaseline?: Figure;
  soakDomNodesVsBaseline?: Figure;
  soakListenersVsBaseline?: Figure;
  soakRequestsPerMinuteVsBaseline?: Figure;
  /** The feed's LCP over the API floor page's (bench/floor-api), cross-origin and same-origin. */
  lighthouseFeedLcpVsApiFloor?: Figure;
  lighthouseFeedSameOriginLcpVsApiFloor?: Figure;
  /** paint.vsFloor.signIn */
  signInFcpVsFloor?: Figure;
  signInLcpVsFloor?: Figure;
  idleVisibleGetsPerMinute?: Figure;
  idleHiddenGetsPerMinute?: Figure;
  sameOriginFirstVisitRoundTrips?: Figure;
  sameOriginFirstVisitRequestsBeforeFirstPost?: Figure;
  returnVisitRoundTrips?: Figure;
  reloadApiAnswersBeforeFirstPostWorst?: Figure;
  /**
   * Every script a browser fetched before the feed's first post was on screen (lazy chunks that
   * raced the API included), over the floor page's initial JS: the worst sample of every visit kind.
   */
  scriptsBeforeFirstPostVsFloorWorst?: Figure;
  threadReplies?: number;
  threadFirstReplyRoundTrips?: Figure;
  threadAllRepliesRoundTrips?: Figure;
  threadPostGets?: number;
  backRequests?: number;
}

/** The feed's initial JS may be at most this many times the floor page's: the guide's goal, as `npm run size` states it. */
export const INITIAL_JS_VS_FLOOR: number = RATIO_GOAL;

const verdict = (value: Figure, ok: (v: number) => boolean): Verdict => ({
  value: value ?? null,
  met: value === null || value === undefined ? null : ok(value),
});

interface Extra {
  note?: string;
  budget?: boolean;
  /** The floor's figure, judged by the same rule (omitted when undefined: the floor was not measured). */
  floor?: Figure;
}

function judged(value: Figure, ok: (v: number) => boolean, target: string, { note, budget, floor }: Extra = {}): Target {
  return {
    target,
    ...(budget ? { budget: true as const } : {}),
    ...verdict(value, ok),
    ...(note ? { note } : {}),
    ...(floor === undefined ? {} : { floor: verdict(floor, ok) }),
  };
}
const atMost = (value: Figure, limit: number, unit = '', extra?: Extra) => judged(value, (v) => v <= limit, `≤ ${limit}${unit}`, extra);
const atLeast = (value: Figure, limit: number, unit = '', extra?: Extra) => judged(value, (v) => v >= limit, `≥ ${limit}${unit}`, extra);

/** The app's initial JS against `INITIAL_JS_VS_FLOOR` × the floor page's. */
function initialJsVsFloor(app: number, floor: Figure): Target {
  const known = floor !== null && floor !== undefined && floor > 0;
  return {
    target: `≤ ${INITIAL_JS_VS_FLOOR}× the floor page's`,
    budget: true,
    value: app,
    met: known ? app <= INITIAL_JS_VS_FLOOR * floor : null,
    note: 'bytes of gzip -9: the feed\'s first load (npm run size) against everything the floor page\'s first load runs',
    floor: { value: floor ?? null, note: known ? `limit ${Math.floor(INITIAL_JS_VS_FLOOR * floor)} bytes` : 'the floor page was not built' },
    vsFloor: known ? Math.round((app / floor) * 100) / 100 : null,
  };
}

/** Not judged by the floor's figure: the floor page has no API, so it makes no requests at all. */
const NO_API = { value: 0, note: 'the floor page has no API: it makes no requests' } as const;

export function checkTargets(i: TargetInputs): Record<string, Target> {
  const targets: Record<string, Target> = {};
  const has = (key: keyof TargetInputs) => i[key] !== undefined;
  const runs = i.lighthouseRuns;
  const lhNote = (note: string) => (runs !== undefined && runs < 3 ? `${note}; from ${runs} run${runs === 1 ? '' : 's'}, not the budget's median of 3` : note);

  // The budgets.
  if (i.feedInitialJsGzipBytes !== undefined && i.floorInitialJsGzipBytes !== undefined) {
    targets.feedInitialJsVsFloor = initialJsVsFloor(i.feedInitialJsGzipBytes, i.floorInitialJsGzipBytes);
  }
  if (has('scriptsBeforeFirstPostVsFloorWorst')) {
    targets.scriptsBeforeFirstPostVsFloor = atMost(i.scriptsBeforeFirstPostVsFloorWorst, INITIAL_JS_VS_FLOOR, '×', {
      budget: true,
      note: "gzip -9 of every script fetched before the feed's first post was on screen (first visit, reload, return visit; cross- and same-origin; the worst sample), over the floor page's initial JS",
    });
  }
  if (has('lighthouseFeedScore')) {
    targets.lighthouseFeedScore = atLeast(i.lighthouseFeedScore, 97, '', { budget: true, note: lhNote('Lighthouse mobile, median; API cross-origin'), floor: i.lighthouseFloorScore });
  }
  if (has('lighthouseFeedSameOriginScore')) {
    targets.lighthouseFeedSameOriginScore = atLeast(i.lighthouseFeedSameOriginScore, 98, '', {
      budget: true,
      note: lhNote('Lighthouse mobile, median; API same-origin (proxied, as deploy/nginx.conf)'),
      floor: i.lighthouseFloorScore,
    });
  }
  if (has('lighthouseFeedCls')) {
    targets.lighthouseFeedCls = atMost(i.lighthouseFeedCls, 0.02, '', { budget: true, note: lhNote('Lighthouse mobile, median; API cross-origin'), floor: i.lighthouseFloorCls });
  }
  // The guide's first-visit LCP budget: against a floor that must ask the API as the feed does.
  if (has('lighthouseFeedLcpVsApiFloor')) {
    targets.lighthouseFeedLcpVsApiFloor = atMost(i.lighthouseFeedLcpVsApiFloor, 1.45, '×', { budget: true, note: lhNote("Lighthouse LCP over the API floor page's (config.json + one GET); API cross-origin") });
  }
  if (has('lighthouseFeedSameOriginLcpVsApiFloor')) {
    targets.lighthouseFeedSameOriginLcpVsApiFloor = atMost(i.lighthouseFeedSameOriginLcpVsApiFloor, 1.45, '×', {
      budget: true,
      note: lhNote("Lighthouse LCP over the API floor page's (config.json + one GET); API same-origin"),
    });
  }
  if (has('lighthouseFeedSameOriginCls')) {
    targets.lighthouseFeedSameOriginCls = atMost(i.lighthouseFeedSameOriginCls, 0.02, '', { budget: true, note: lhNote('Lighthouse mobile, median; API same-origin'), floor: i.lighthouseFloorCls });
  }
  if (has('idleVisibleGetsPerMinute')) {
    targets.idleFeedGetsPerMinute = { ...atMost(i.idleVisibleGetsPerMinute, 3, ' GET a minute', { budget: true, note: 'visible tab, nothing new' }), floor: NO_API };
  }
  if (has('threeTabsIdleRatio')) {
    targets.threeTabsIdleRequests = { ...atMost(i.threeTabsIdleRatio, 1.2, '× one tab', { budget: true, note: 'three visible tabs of one account, idle' }), floor: NO_API };
  }
  if (has('threeTabsPostingRatio')) {
    targets.threeTabsPostingRequests = { ...atMost(i.threeTabsPostingRatio, 1.2, '× one tab', { budget: true, note: 'three visible tabs of one account, another account posting 6 a minute' }), floor: NO_API };
  }
  if (has('soakHeapVsBaseline')) {
    const span = `one tab, ${i.soakMinutes} minutes: minute ${i.soakMinutes}'s over minute ${i.soakBaselineMinute ?? '?'}'s`;
    const short = i.soakMinutes !== undefined && i.soakMinutes < 60 ? ' (a shorter run than the budget\'s hour)' : '';
    targets.soakHeap = { ...atMost(i.soakHeapVsBaseline, 1.2, '×', { budget: true, note: `JS heap used after GC, ${span}${short}` }), floor: NO_API };
  }
  if (has('idleHiddenGetsPerMinute')) {
    targets.idleHiddenFeedGetsPerMinute = { ...atMost(i.idleHiddenGetsPerMinute, 0, ' GET a minute', { budget: true, note: 'hidden tab' }), floor: NO_API };
  }

  // The finer targets.
  if (has('mockChunks')) targets.mockCodeInFeedInitialChunks = atMost(i.mockChunks, 0, ' chunks');
  if (has('lighthouseSignInScore')) {
    targets.lighthouseSignInScore = atLeast(i.lighthouseSignInScore, 98, '', { note: lhNote('signed-out home; median, mobile'), floor: i.lighthouseFloorScore });
  }
  if (has('lighthouseSignInCls')) targets.lighthouseSignInCls = atMost(i.lighthouseSignInCls, 0.02, '', { note: lhNote('signed-out home; median'), floor: i.lighthouseFloorCls });
  if (has('lighthouseFeedTbtMs')) {
    targets.lighthouseFeedTotalBlockingTimeMs = atMost(i.lighthouseFeedTbtMs, 100, ' ms', { note: lhNote('median; API cross-origin'), floor: i.lighthouseFloorTbtMs });
  }
  if (has('lighthouseFeedSameOriginTbtMs')) {
    targets.lighthouseFeedSameOriginTotalBlockingTimeMs = atMost(i.lighthouseFeedSameOriginTbtMs, 100, ' ms', { note: lhNote('median; API same-origin'), floor: i.lighthouseFloorTbtMs });
  }
  const floorNote = (what: string) => `${what} of the signed-out home over the floor page's, same run`;
  if (has('lighthouseSignInFcpVsFloor')) targets.lighthouseSignInFcpVsFloor = atMost(i.lighthouseSignInFcpVsFloor, 1.15, '×', { note: lhNote(floorNote('Lighthouse FCP')) });
  if (has('lighthouseSignInLcpVsFloor')) targets.lighthouseSignInLcpVsFloor = atMost(i.lighthouseSignInLcpVsFloor, 1.15, '×', { note: lhNote(floorNote('Lighthouse LCP')) });
  if (has('signInFcpVsFloor')) targets.signInFcpVsFloor = atMost(i.signInFcpVsFloor, 1.15, '×', { note: floorNote('paint: FCP at 4× CPU') });
  if (has('signInLcpVsFloor')) targets.signInLcpVsFloor = atMost(i.signInLcpVsFloor, 1.15, '×', { note: floorNote('paint: LCP at 4× CPU') });

  if (has('sameOriginFirstVisitRoundTrips')) {
    targets.sameOriginFirstVisitRoundTripsToFirstPost = atMost(i.sameOriginFirstVisitRoundTrips, 5, '', { note: 'median; 100 ms latency' });
  }
  if (has('sameOriginFirstVisitRequestsBeforeFirstPost')) {
    targets.sameOriginFirstVisitRequestsBeforeFirstPost = atMost(i.sameOriginFirstVisitRequestsBeforeFirstPost, 30, '', { note: 'median' });
  }
  if (has('returnVisitRoundTrips')) targets.returnVisitRoundTripsToFirstPost = atMost(i.returnVisitRoundTrips, 3, '', { note: 'median; cross-origin' });
  if (has('reloadApiAnswersBeforeFirstPostWorst')) {
    targets.reloadApiAnswersBeforeFirstPost = atMost(i.reloadApiAnswersBeforeFirstPostWorst, 0, '', { note: 'worst reload: first post painted before any API answer' });
  }
  // The soak's other figures: flat, as the heap.
  if (has('soakDomNodesVsBaseline')) targets.soakDomNodes = atMost(i.soakDomNodesVsBaseline, 1.1, '×', { note: 'DOM nodes, the soak\'s end over its baseline minute' });
  if (has('soakListenersVsBaseline')) targets.soakEventListeners = atMost(i.soakListenersVsBaseline, 1.1, '×', { note: 'JS event listeners, the soak\'s end over its baseline minute' });
  if (has('soakRequestsPerMinuteVsBaseline')) {
    targets.soakRequestsPerMinute = atMost(i.soakRequestsPerMinuteVsBaseline, 1.2, '×', { note: 'API requests a minute, the soak\'s last interval over the one up to its baseline minute' });
  }
  if (has('threadFirstReplyRoundTrips')) targets.threadRoundTripsToFirstReply = atMost(i.threadFirstReplyRoundTrips, 2, '', { note: 'median' });
  if (has('threadAllRepliesRoundTrips') && i.threadReplies !== undefined) {
    const limit = Math.ceil(i.threadReplies / 6) + 1;
    targets.threadRoundTripsToAllReplies = atMost(i.threadAllRepliesRoundTrips, limit, '', { note: `median; ⌈${i.threadReplies} / 6⌉ + 1` });
  }
  if (has('threadPostGets')) targets.openThreadGetsForLoadedPost = atMost(i.threadPostGets, 0);
  if (has('backRequests')) targets.backToFeedRequests = atMost(i.backRequests, 0);
  return targets;
}

/** One line a target for the progress log: the budgets first, then the rest. */
export function targetLines(targets: Record<string, Target>): string[] {
  const mark = (met: boolean | null) => (met === null ? 'n/a ' : met ? 'pass' : 'MISS');
  const floorText = (floor: FloorFigure | undefined) => {
    if (!floor) return '';
    if ('met' in floor) return `; floor ${floor.value ?? '–'} (${mark(floor.met).trim()})`;
    return `; floor ${floor.value ?? '–'} (${floor.note})`;
  };
  const line = ([key, t]: [string, Target]) =>
    `${mark(t.met)}  ${key}: ${t.value ?? '–'} (target ${t.target})${t.vsFloor === undefined || t.vsFloor === null ? '' : `, ${t.vsFloor}× the floor's`}${floorText(t.floor)}`;
  const all = Object.entries(targets);
  return [...all.filter(([, t]) => t.budget).map(line), ...all.filter(([, t]) => !t.budget).map(line)];
}
