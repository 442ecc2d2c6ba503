/**
 * How fast this machine is, in Lighthouse's own unit, and which simulated CPU slowdown stands for
 * the phone Lighthouse's default stands for.
 *
 * Lighthouse simulates a mid-tier phone by multiplying every main-thread task it observed by a
 * fixed 4, chosen for a high-end desktop host (benchmark index 1500–2000). On a slower host the
 * same 4× simulates a slower phone: the floor page's own TBT moves with the host. Lighthouse
 * measures the host's benchmark index in every run (lhr.environment.benchmarkIndex) and documents
 * how to pick the multiplier from it (docs/throttling.md, "Calibrating the CPU slowdown", and its
 * CPU throttling calculator; PageSpeed Insights lowered its own multiplier for its slow hosts in
 * Lighthouse 12.2.3).
 */

export interface CpuCalibration {
  /** The slowdown that makes this host stand for Lighthouse's target phone. */
  multiplier: number;
  /** The calculator's confidence range around it. */
  range: [number, number];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The multiplier Lighthouse's CPU throttling calculator (lighthouse-cpu-throttling-calculator,
 * linked from Lighthouse's docs/throttling.md) gives for a benchmark index: piecewise linear through
 * 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 2000 → 6×. Null below 150, where the calculator says the
 * host is too slow to emulate the target device at all.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): CpuCalibration | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  let multiplier: number;
  let spread: number;
  if (benchmarkIndex >= 1300) {
    const excess = (benchmarkIndex - 1300) / 233;
    multiplier = 3 + excess;
    spread = Math.max(excess, 1.5, multiplier * 0.3);
  } else if (benchmarkIndex >= 800) {
    multiplier = 2 + (benchmarkIndex - 800) / 500;
    spread = 1.5;
  } else {
    multiplier = 1 + (benchmarkIndex - 150) / 650;
    spread = 0.5;
  }
  return { multiplier: round2(multiplier), range: [round2(multiplier - spread / 2), round2(multiplier + spread / 2)] };
}
