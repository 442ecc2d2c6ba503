import { describe, expect, it } from 'vitest';
import { checkTargets, targetLines } from '../src/targets';

describe("the bench's budgets", () => {
  it("judge the feed's initial JS against 1.25× the floor page's (npm run size's goal), with the floor's figure and the ratio beside it", () => {
    const { feedInitialJsVsFloor } = checkTargets({ feedInitialJsGzipBytes: 120_001, floorInitialJsGzipBytes: 96_000 });
    expect(feedInitialJsVsFloor).toMatchObject({ budget: true, value: 120_001, met: false, vsFloor: 1.25, floor: { value: 96_000, note: 'limit 120000 bytes' } });
    expect(checkTargets({ feedInitialJsGzipBytes: 120_000, floorInitialJsGzipBytes: 96_000 }).feedInitialJsVsFloor).toMatchObject({ met: true, vsFloor: 1.25 });
  });

  it("judge every script fetched before the first post against the same 1.25×, the worst sample's ratio", () => {
    expect(checkTargets({ scriptsBeforeFirstPostVsFloorWorst: 1.346 }).scriptsBeforeFirstPostVsFloor).toMatchObject({ budget: true, target: '≤ 1.25×', value: 1.346, met: false });
    expect(checkTargets({ scriptsBeforeFirstPostVsFloorWorst: 1.25 }).scriptsBeforeFirstPostVsFloor).toMatchObject({ met: true });
    expect(checkTargets({ scriptsBeforeFirstPostVsFloorWorst: null }).scriptsBeforeFirstPostVsFloor).toMatchObject({ met: null });
    expect(checkTargets({}).scriptsBeforeFirstPostVsFloor).toBeUndefined();
  });

  it('leave the initial JS budget unjudged when the floor page did not build', () => {
    expect(checkTargets({ feedInitialJsGzipBytes: 120_000, floorInitialJsGzipBytes: null }).feedInitialJsVsFloor).toMatchObject({ met: null, vsFloor: null });
  });

  it('ask 97 of the cross-origin feed and 98 of the same-origin one, the floor’s score judged by the same limit', () => {
    const targets = checkTargets({ lighthouseRuns: 3, lighthouseFloorScore: 97, lighthouseFeedScore: 97, lighthouseFeedSameOriginScore: 97 });
    expect(targets.lighthouseFeedScore).toMatchObject({ budget: true, target: '≥ 97', value: 97, met: true, floor: { value: 97, met: true } });
    expect(targets.lighthouseFeedSameOriginScore).toMatchObject({ budget: true, target: '≥ 98', value: 97, met: false, floor: { value: 97, met: false } });
    expect(targets.lighthouseFeedScore?.note).toBe('Lighthouse mobile, median; API cross-origin');
  });

  it('hold both feeds to a CLS of 0.02, with the floor’s', () => {
    const targets = checkTargets({ lighthouseFloorCls: 0, lighthouseFeedCls: 0.03, lighthouseFeedSameOriginCls: 0.02 });
    expect(targets.lighthouseFeedCls).toMatchObject({ budget: true, met: false, floor: { value: 0, met: true } });
    expect(targets.lighthouseFeedSameOriginCls).toMatchObject({ met: true });
  });

  it("hold the feed's LCP to 1.45× the API floor page's, cross- and same-origin, as budgets", () => {
    const targets = checkTargets({ lighthouseRuns: 3, lighthouseFeedLcpVsApiFloor: 1.58, lighthouseFeedSameOriginLcpVsApiFloor: 1.45 });
    expect(targets.lighthouseFeedLcpVsApiFloor).toMatchObject({ budget: true, target: '≤ 1.45×', value: 1.58, met: false });
    expect(targets.lighthouseFeedSameOriginLcpVsApiFloor).toMatchObject({ budget: true, target: '≤ 1.45×', value: 1.45, met: true });
    expect(checkTargets({}).lighthouseFeedLcpVsApiFloor).toBeUndefined();
  });

  it('say when the Lighthouse medians come from fewer than three runs', () => {
    const { lighthouseFeedScore } = checkTargets({ lighthouseRuns: 1, lighthouseFeedScore: 99 });
    expect(lighthouseFeedScore?.note).toContain("from 1 run, not the budget's median of 3");
  });

  it('count idle GETs a minute: at most 3 visible, none hidden; the floor has no API to compare with', () => {
    const targets = checkTargets({ idleVisibleGetsPerMinute: 3, idleHiddenGetsPerMinute: 1 });
    expect(targets.idleFeedGetsPerMinute).toMatchObject({ budget: true, met: true, floor: { value: 0 } });
    expect(targets.idleHiddenFeedGetsPerMinute).toMatchObject({ budget: true, met: false });
  });

  it('carry no floor figure where the floor page was not measured', () => {
    const targets = checkTargets({ lighthouseFeedScore: 98, lighthouseFeedTbtMs: 90 });
    expect(targets.lighthouseFeedScore).not.toHaveProperty('floor');
    expect(targets.lighthouseFeedTotalBlockingTimeMs).not.toHaveProperty('floor');
  });

  it('mark a missing figure as unjudged, not as a miss', () => {
    expect(checkTargets({ lighthouseFeedScore: null }).lighthouseFeedScore).toMatchObject({ value: null, met: null });
  });
});

describe("the bench's finer targets", () => {
  it('are not budgets, and keep the floor’s figure where Lighthouse gave one', () => {
    const targets = checkTargets({ lighthouseFloorScore: 97, lighthouseFloorTbtMs: 171, lighthouseSignInScore: 100, lighthouseFeedTbtMs: 401 });
    expect(targets.lighthouseSignInScore).toMatchObject({ value: 100, met: true, floor: { value: 97, met: false } });
    expect(targets.lighthouseSignInScore).not.toHaveProperty('budget');
    expect(targets.lighthouseFeedTotalBlockingTimeMs).toMatchObject({ value: 401, met: false, floor: { value: 171, met: false } });
  });

  it('are listed after the budgets in the summary', () => {
    const lines = targetLines(checkTargets({ lighthouseSignInScore: 100, lighthouseFeedScore: 90, lighthouseFloorScore: 99, idleHiddenGetsPerMinute: 0 }));
    expect(lines).toEqual([
      'MISS  lighthouseFeedScore: 90 (target ≥ 97); floor 99 (pass)',
      "pass  idleHiddenFeedGetsPerMinute: 0 (target ≤ 0 GET a minute); floor 0 (the floor page has no API: it makes no requests)",
      'pass  lighthouseSignInScore: 100 (target ≥ 98); floor 99 (pass)',
    ]);
  });
});
