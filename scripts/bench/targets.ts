/** The targets the report checks. A missed target is reported (`met: false`), never an exit code. */

export interface Target {
  target: string;
  value: number | null;
  met: boolean | null;
  note?: string;
}

const atMost = (value: number | null | undefined, limit: number, unit = '', note?: string): Target => ({
  target: `≤ ${limit}${unit}`,
  value: value ?? null,
  met: value === null || value === undefined ? null : value <= limit,
  ...(note ? { note } : {}),
});

export interface TargetInputs {
  feedInitialJsGzipBytes?: number;
  feedBudgetGzipBytes?: number;
  mockChunks?: number;
  returnVisitRoundTrips?: number | null;
  threadReplies?: number;
  threadFirstReplyRoundTrips?: number | null;
  threadAllRepliesRoundTrips?: number | null;
  threadPostGets?: number;
  backRequests?: number;
}

export function checkTargets(i: TargetInputs): Record<string, Target> {
  const targets: Record<string, Target> = {};
  if (i.feedInitialJsGzipBytes !== undefined && i.feedBudgetGzipBytes !== undefined) {
    targets.feedInitialJsGzipBytes = atMost(i.feedInitialJsGzipBytes, i.feedBudgetGzipBytes, ' bytes', 'scripts/check-size.mjs budget (128 KB gzip -9)');
  }
  if (i.mockChunks !== undefined) targets.mockCodeInFeedInitialChunks = atMost(i.mockChunks, 0, ' chunks');
  if (i.returnVisitRoundTrips !== undefined) targets.returnVisitRoundTripsToFirstPost = atMost(i.returnVisitRoundTrips, 3, '', 'median');
  if (i.threadFirstReplyRoundTrips !== undefined) targets.threadRoundTripsToFirstReply = atMost(i.threadFirstReplyRoundTrips, 2, '', 'median');
  if (i.threadAllRepliesRoundTrips !== undefined && i.threadReplies !== undefined) {
    const limit = Math.ceil(i.threadReplies / 6) + 1;
    targets.threadRoundTripsToAllReplies = atMost(i.threadAllRepliesRoundTrips, limit, '', `median; ⌈${i.threadReplies} / 6⌉ + 1`);
  }
  if (i.threadPostGets !== undefined) targets.openThreadGetsForLoadedPost = atMost(i.threadPostGets, 0);
  if (i.backRequests !== undefined) targets.backToFeedRequests = atMost(i.backRequests, 0);
  return targets;
}
