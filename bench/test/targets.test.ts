import { describe, expect, it } from 'vitest';
import { checkTargets } from '../../scripts/bench/targets';

describe("the bench's Lighthouse targets", () => {
  it('say nothing more when taken with Lighthouse’s defaults', () => {
    const { note } = checkTargets({ lighthouseFeedScore: 90, lighthouseCpuMultiplier: 4, lighthouseThrottling: 'simulate' }).lighthouseFeedScore!;
    expect(note).toBe('median of the Lighthouse runs, mobile; API cross-origin');
  });

  it('say when they were taken at another CPU slowdown or on a load DevTools slowed', () => {
    const targets = checkTargets({ lighthouseFeedScore: 90, lighthouseFeedTbtMs: 80, lighthouseCpuMultiplier: 2.5, lighthouseThrottling: 'devtools' });
    for (const target of [targets.lighthouseFeedScore!, targets.lighthouseFeedTotalBlockingTimeMs!]) {
      expect(target.note).toContain("at 2.5× CPU, not Lighthouse's default 4×");
      expect(target.note).toContain("DevTools' throttling of the real load, not Lighthouse's simulation");
    }
    expect(targets.lighthouseFeedTotalBlockingTimeMs!.met).toBe(true);
  });

  it("set the floor page's own figure beside each Lighthouse target it shares, judged by the same limit", () => {
    const targets = checkTargets({
      lighthouseFloorScore: 97,
      lighthouseFloorTbtMs: 171,
      lighthouseFloorCls: 0,
      lighthouseFeedScore: 83,
      lighthouseFeedTbtMs: 401,
      lighthouseSignInScore: 100,
      lighthouseFeedCls: 0,
    });
    expect(targets.lighthouseFeedTotalBlockingTimeMs).toMatchObject({ value: 401, met: false, floor: { value: 171, met: false } });
    expect(targets.lighthouseFeedScore).toMatchObject({ value: 83, met: false, floor: { value: 97, met: true } });
    // The home's score target is 98: the same floor figure misses it.
    expect(targets.lighthouseSignInScore).toMatchObject({ value: 100, met: true, floor: { value: 97, met: false } });
    expect(targets.lighthouseFeedCls).toMatchObject({ floor: { value: 0, met: true } });
  });

  it('carry no floor figure when the floor page was not measured', () => {
    const targets = checkTargets({ lighthouseFeedScore: 96, lighthouseFeedTbtMs: 90 });
    expect(targets.lighthouseFeedScore).not.toHaveProperty('floor');
    expect(targets.lighthouseFeedTotalBlockingTimeMs).not.toHaveProperty('floor');
  });

  it('set the figures at thread time beside the score and TBT targets, the floor’s with them, by the same limits', () => {
    const targets = checkTargets({
      lighthouseFloorScore: 95,
      lighthouseFloorTbtMs: 237,
      lighthouseFeedScore: 75,
      lighthouseFeedTbtMs: 722,
      lighthouseFeedSameOriginScore: 83,
      lighthouseFeedSameOriginTbtMs: 507,
      lighthouseSignInScore: 100,
      lighthouseByThreadTime: {
        floor: { score: 98, tbtMs: 126 },
        feed: { score: 93, tbtMs: 12 },
        feedSameOrigin: { score: 96, tbtMs: 7 },
        signIn: { score: 100, tbtMs: 3 },
      },
    });
    expect(targets.lighthouseFeedTotalBlockingTimeMs).toMatchObject({
      value: 722,
      met: false,
      floor: { value: 237, met: false },
      byThreadTime: { value: 12, met: true, floor: { value: 126, met: false } },
    });
    expect(targets.lighthouseFeedScore?.byThreadTime).toEqual({ value: 93, met: false, floor: { value: 98, met: true } });
    expect(targets.lighthouseFeedSameOriginScore?.byThreadTime).toMatchObject({ value: 96, met: true });
    expect(targets.lighthouseSignInScore?.byThreadTime).toEqual({ value: 100, met: true, floor: { value: 98, met: true } });
  });

  it('carry no thread-time figure where the runs gave none (DevTools throttling, or none asked for)', () => {
    const targets = checkTargets({ lighthouseFeedScore: 96, lighthouseFeedTbtMs: 90 });
    expect(targets.lighthouseFeedScore).not.toHaveProperty('byThreadTime');
    expect(targets.lighthouseFeedTotalBlockingTimeMs).not.toHaveProperty('byThreadTime');
  });
});
