import { describe, expect, it } from 'vitest';
import { calibratedCpuMultiplier } from '../../scripts/bench/host-cpu';

describe("the bench's CPU calibration (Lighthouse's throttling calculator)", () => {
  it("gives Lighthouse's own 4× to the desktop its default was chosen for", () => {
    expect(calibratedCpuMultiplier(1533)?.multiplier).toBeCloseTo(4, 1);
    expect(calibratedCpuMultiplier(2000)?.multiplier).toBeCloseTo(6, 1);
  });

  it('gives a slower host a smaller slowdown, through the calculator’s published points', () => {
    expect(calibratedCpuMultiplier(1300)).toEqual({ multiplier: 3, range: [2.25, 3.75] });
    expect(calibratedCpuMultiplier(1100)).toEqual({ multiplier: 2.6, range: [1.85, 3.35] });
    expect(calibratedCpuMultiplier(800)).toEqual({ multiplier: 2, range: [1.25, 2.75] });
    expect(calibratedCpuMultiplier(150)).toEqual({ multiplier: 1, range: [0.75, 1.25] });
  });

  it('refuses a host too slow to stand for the target phone, and a missing index', () => {
    expect(calibratedCpuMultiplier(149)).toBeNull();
    expect(calibratedCpuMultiplier(Number.NaN)).toBeNull();
  });
});
