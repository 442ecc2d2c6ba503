import { describe, expect, it } from 'vitest';
import { DEFAULT_LIGHTHOUSE_CPU, parseArgs } from '../../scripts/bench/args';

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
