import { describe, expect, it, vi } from 'vitest';
import { UNLISTED_SIZES_KEPT, createWindowVirtualizer, defaultRangeExtractor, type WindowVirtualizer } from '../../src/lib/window-virtualizer';

function make(count: number, options: { offset?: number; sizes?: Array<[number, number]> } = {}) {
  const onChange = vi.fn();
  const v = createWindowVirtualizer(
    {
      count,
      estimateSize: () => 100,
      overscan: 2,
      scrollMargin: 50,
      getItemKey: (i) => `k${i}`,
      initialOffset: options.offset ?? 0,
      initialMeasurementsCache: (options.sizes ?? []).map(([index, size]) => ({ key: `k${index}`, index, start: 0, end: size, size })),
    },
    onChange,
  );
  return { v, onChange };
}

describe('window virtualizer', () => {
  it('lays items out after the scroll margin, estimates standing in for unmeasured sizes', () => {
    const { v } = make(10, { sizes: [[1, 300]] });
    const items = v.getMeasurements();
    expect(items[0]).toMatchObject({ key: 'k0', start: 50, end: 150, size: 100 });
    expect(items[1]).toMatchObject({ start: 150, size: 300 });
    expect(items[2]!.start).toBe(450);
    expect(v.getTotalSize()).toBe(9 * 100 + 300);
  });

  it('renders only the viewport and the overscan', () => {
    // jsdom's viewport is 768 px high; at offset 1,000 the items from 1,000 to 1,768 are in view.
    const { v } = make(100, { offset: 1_000 });
    expect(v.range).toEqual({ startIndex: 9, endIndex: 17 });
    expect(v.getVirtualItems().map((item) => item.index)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(make(0).v.range).toBeNull();
  });

  it('the default range extractor clamps to the list', () => {
    expect(defaultRangeExtractor({ startIndex: 0, endIndex: 1, overscan: 3, count: 3 })).toEqual([0, 1, 2]);
  });
});

describe("the window virtualizer's memory over a day", () => {
  const unlisted = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ key: `gone${from + i}`, index: i, start: 0, end: 300, size: 300 }));
  const relisted = (v: WindowVirtualizer, from: number, count: number) => {
    v.setOptions({ ...v.options, count, getItemKey: (i) => `gone${from + i}` });
    return v.getMeasurements().map((item) => item.size);
  };

  it(`keeps the sizes of up to ${UNLISTED_SIZES_KEPT} items the list no longer holds, so one that comes back lays out as measured`, () => {
    const v = createWindowVirtualizer({ count: 10, estimateSize: () => 100, getItemKey: (i) => `k${i}`, initialMeasurementsCache: unlisted(0, UNLISTED_SIZES_KEPT) }, vi.fn());
    v.getMeasurements();
    expect(relisted(v, 0, 3)).toEqual([300, 300, 300]);
  });

  it('drops them beyond that: the items are estimated again, and the map holds only the list', () => {
    const v = createWindowVirtualizer({ count: 10, estimateSize: () => 100, getItemKey: (i) => `k${i}`, initialMeasurementsCache: unlisted(0, UNLISTED_SIZES_KEPT + 11) }, vi.fn());
    v.getMeasurements();
    expect(relisted(v, 0, 3)).toEqual([100, 100, 100]);
  });
});
