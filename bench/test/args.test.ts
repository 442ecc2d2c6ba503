import { describe, expect, it } from 'vitest';
import { DEFAULT_LIGHTHOUSE_CPU, lighthouseSettings, parseArgs } from '../../scripts/bench/args';

describe("the bench's --lighthouse-cpu", () => {
  it("is Lighthouse's own 4× unless told otherwise", () => {
    expect(DEFAULT_LIGHTHOUSE_CPU).toBe(4);
    expect(parseArgs([]).lighthouseCpu).toBe(4);
  });

  it("takes 'host' or a multiplier, in either spelling", () => {
    expect(parseArgs(['--lighthouse-cpu', 'host']).lighthouseCpu).toBe('host');
    expect(parseArgs(['--lighthouse-cpu=2.5']).lighthouseCpu).toBe(2.5);
  });

  it('refuses what no simulation could mean, saying what it wants', () => {
    for (const bad of ['0.5', '25', 'fast', '']) {
      expect(() => parseArgs(['--lighthouse-cpu', bad])).toThrow(/'host' or a number from 1 to 20/);
    }
    expect(() => parseArgs(['--lighthouse-cpu'])).toThrow(/needs a value/);
  });
});

describe("the bench's --lighthouse-throttling", () => {
  it("is Lighthouse's own simulation unless told otherwise", () => {
    expect(parseArgs([]).lighthouseThrottling).toBe('simulate');
  });

  it('takes devtools (the real load slowed) or simulate, in either spelling', () => {
    expect(parseArgs(['--lighthouse-throttling', 'devtools']).lighthouseThrottling).toBe('devtools');
    expect(parseArgs(['--lighthouse-throttling=simulate']).lighthouseThrottling).toBe('simulate');
  });

  it('refuses anything else, naming the two it takes', () => {
    for (const bad of ['provided', 'DevTools', '']) {
      expect(() => parseArgs(['--lighthouse-throttling', bad])).toThrow(/must be simulate or devtools/);
    }
    expect(() => parseArgs(['--lighthouse-throttling'])).toThrow(/needs a value/);
  });

  it("says in the report's settings what differed from Lighthouse's defaults", () => {
    expect(lighthouseSettings(parseArgs([]))).toBe(
      'Lighthouse defaults: mobile emulation, simulated throttling; performance category only; a fresh Chromium per run',
    );
    const both = lighthouseSettings(parseArgs(['--lighthouse-cpu', '2.5', '--lighthouse-throttling', 'devtools']));
    expect(both).toMatch(/^Lighthouse defaults but the CPU slowdown \(--lighthouse-cpu 2\.5\) and the throttling \(--lighthouse-throttling devtools\)/);
    expect(both).toContain("DevTools' throttling of the real load");
  });
});
