import { describe, expect, it } from 'vitest';
import { baselineMinute, sampleLine, sampleMinutes, summarizeSoak, type SoakSample } from '../src/soak-summary';
import { checkTargets } from '../src/targets';

const sample = (minute: number, heapMb: number, extra: Partial<SoakSample> = {}): SoakSample => ({
  minute,
  heapUsedBytes: heapMb * 1_048_576,
  domNodes: 800,
  jsEventListeners: 150,
  requests: 40,
  requestsPerMinute: 4,
  posted: minute * 6,
  ...extra,
});

describe("the soak's samples", () => {
  it('are taken at minute 1, every interval, and the end, each once', () => {
    expect(sampleMinutes(60, 10)).toEqual([1, 10, 20, 30, 40, 50, 60]);
    expect(sampleMinutes(12, 2)).toEqual([1, 2, 4, 6, 8, 10, 12]);
    expect(sampleMinutes(25, 10)).toEqual([1, 10, 20, 25]);
    expect(sampleMinutes(1, 10)).toEqual([1]);
  });

  it('compare the end with minute 10 in a run of 20 minutes or more, else with the first interval mark', () => {
    expect(baselineMinute([1, 10, 20, 30, 40, 50, 60])).toBe(10);
    expect(baselineMinute([1, 2, 4, 6, 8, 10, 12])).toBe(2);
    expect(baselineMinute([1])).toBeNull();
  });

  it('say the heap at the end over the baseline, against ≤ 1.2×, and the other figures beside it', () => {
    const flat = summarizeSoak([sample(1, 4), sample(10, 5), sample(20, 5.2), sample(60, 5.5, { domNodes: 824, requestsPerMinute: 4.4 })]);
    expect(flat).toMatchObject({ baselineMinute: 10, endMinute: 60, heapVsBaseline: 1.1, heapMet: true, domNodesVsBaseline: 1.03, jsEventListenersVsBaseline: 1, requestsPerMinuteVsBaseline: 1.1 });
    const growing = summarizeSoak([sample(1, 4), sample(10, 5), sample(60, 6.5)]);
    expect(growing).toMatchObject({ heapVsBaseline: 1.3, heapMet: false });
    expect(summarizeSoak([sample(1, 4)])).toMatchObject({ heapVsBaseline: null, heapMet: null });
  });

  it('are printed one line each, and judged as a budget: pass or miss, never an exit code', () => {
    expect(sampleLine(sample(10, 5))).toBe('minute  10: heap 5.00 MB, 800 DOM nodes, 150 listeners, 4 requests a minute (40), 60 posted');
    const targets = checkTargets({ soakMinutes: 60, soakBaselineMinute: 10, soakHeapVsBaseline: 1.3, soakDomNodesVsBaseline: 1, soakListenersVsBaseline: 1, soakRequestsPerMinuteVsBaseline: 1 });
    expect(targets.soakHeap).toMatchObject({ budget: true, value: 1.3, met: false, target: '≤ 1.2×' });
    expect(targets.soakDomNodes).toMatchObject({ met: true });
  });
});
