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
});
