/**
 * A windowed list against the page's own scroll: only the items near the viewport are rendered,
 * each absolutely placed at its offset. Written for the feed instead of @tanstack/react-virtual
 * (9 KB of the feed's 128 KB initial-JS budget; this is about 1.5 KB): it keeps the subset of that
 * API the feed uses, with the same names, so swapping back is an import change.
 *
 * Sizes come from a ResizeObserver (measured after layout, before paint: no forced synchronous
 * layout while rendering); until an item is measured its estimate stands in. The list re-renders
 * from a measurement at once (flushSync), still before that paint, so posts are never painted at
 * estimated places and then moved (a layout shift). When an item above the viewport changes size,
 * the page scrolls by the difference so what is on screen stays put.
 */
import { useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';

export type Key = number | string;

export interface VirtualItem {
  key: Key;
  index: number;
  /** Offset from the top of the document (scrollMargin included). */
  start: number;
  end: number;
  size: number;
}

export interface Range {
  startIndex: number;
  endIndex: number;
  overscan: number;
  count: number;
}

export interface WindowVirtualizerOptions {
  count: number;
  estimateSize(index: number): number;
  overscan?: number;
  /** Where the list starts in the document. */
  scrollMargin?: number;
  getItemKey?(index: number): Key;
  measureElement?(element: Element, entry: ResizeObserverEntry | undefined, instance: WindowVirtualizer): number;
  /** The scroll offset to lay out for before the page has scrolled there (restoring a position). */
  initialOffset?: number;
  /** Sizes measured by an earlier list (`takeSnapshot()`), by key. */
  initialMeasurementsCache?: readonly VirtualItem[];
  rangeExtractor?(range: Range): number[];
}

type ResolvedOptions = Required<Omit<WindowVirtualizerOptions, 'initialOffset' | 'initialMeasurementsCache'>>;

export function defaultRangeExtractor(range: Range): number[] {
  const start = Math.max(range.startIndex - range.overscan, 0);
  const end = Math.min(range.endIndex + range.overscan, range.count - 1);
  const indexes: number[] = [];
  for (let i = start; i <= end; i += 1) indexes.push(i);
  return indexes;
}

/**
 * The element's border-box height, from the observer's entry when there is one (no layout read).
 * Not rounded: the items then sit where the document's flow would put them, to the fraction of a
 * pixel (the feed's first posts are in that flow until this list takes over: first-posts.tsx).
 */
export function measureElement(element: Element, entry: ResizeObserverEntry | undefined): number {
  return entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
}

/**
 * Measured sizes kept for items no longer in the list: as many as the feed keeps through a reload
 * (feed-scroll.ts, 500), so an item that comes back soon lays out as measured; beyond that the map
 * is swept, and it holds at most the list and this many over a day in one tab.
 */
export const UNLISTED_SIZES_KEPT = 500;

export interface WindowVirtualizer {
  readonly options: ResolvedOptions;
  setOptions(options: WindowVirtualizerOptions): void;
  /** Listens to the page's scroll and size; returns the cleanup. */
  mount(): () => void;
  getMeasurements(): VirtualItem[];
  /** The items in the viewport (without overscan), or null for an empty list. */
  readonly range: { startIndex: number; endIndex: number } | null;
  getVirtualItems(): VirtualItem[];
  getTotalSize(): number;
  /** Sizes as measured so far, for a later list to start from (`initialMeasurementsCache`). */
  takeSnapshot(): VirtualItem[];
  /** A ref callback for each rendered item (which carries `data-index`). */
  measureElement(element: Element | null): void;
  scrollToOffset(offset: number): void;
  /** Brings an item into view with the least scrolling ('auto'), then again once it is measured. */
  scrollToIndex(index: number, options?: { align?: 'auto' }): void;
}

/**
 * A virtualizer over the page's scroll; `onChange` re-renders the list. Its state is in the
 * closure rather than in an object's fields: the minifier shortens a closure's names, not fields'.
 */
export function createWindowVirtualizer(initial: WindowVirtualizerOptions, onChange: () => void): WindowVirtualizer {
  let options = resolve(initial);
  const sizes = new Map<Key, number>();
  for (const item of initial.initialMeasurementsCache ?? []) sizes.set(item.key, item.size);
  let scrollY = initial.initialOffset ?? (typeof window === 'undefined' ? 0 : window.scrollY);
  let viewport = typeof window === 'undefined' ? 0 : window.innerHeight;
  let measurements: VirtualItem[] | null = null;
  const elements = new Map<Element, Key>();
  let observer: ResizeObserver | null = null;
  let lastRange = '';
  let followUp = 0;
  /** Inside the observer's callback: an item mounted now is only observed at the next frame. */
  let delivering = false;

  const getMeasurements = (): VirtualItem[] => {
    if (measurements) return measurements;
    const { count, estimateSize, getItemKey, scrollMargin } = options;
    const items: VirtualItem[] = new Array(count);
    let start = scrollMargin;
    for (let index = 0; index < count; index += 1) {
      const key = getItemKey(index);
      const size = sizes.get(key) ?? estimateSize(index);
      items[index] = { key, index, start, end: start + size, size };
      start += size;
    }
    measurements = items;
    if (sizes.size > count + UNLISTED_SIZES_KEPT) {
      // Sizes of items the list no longer holds (a feed's pages let go, api/feed-window.ts): kept
      // up to a bound, then dropped; one that comes back is estimated and measured again.
      const listed = new Set(items.map((item) => item.key));
      for (const key of sizes.keys()) if (!listed.has(key)) sizes.delete(key);
    }
    return items;
  };

  const range = (): { startIndex: number; endIndex: number } | null => {
    const items = getMeasurements();
    if (items.length === 0) return null;
    const bottom = scrollY + viewport;
    // The first item that ends below the viewport's top, by binary search; then walk to the bottom.
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (items[mid]!.end <= scrollY) low = mid + 1;
      else high = mid;
    }
    let endIndex = low;
    while (endIndex < items.length - 1 && items[endIndex + 1]!.start < bottom) endIndex += 1;
    return { startIndex: low, endIndex };
  };

  const changedIfRangeMoved = () => {
    const now = range();
    const signature = now ? `${now.startIndex}:${now.endIndex}` : '';
    if (signature === lastRange) return;
    lastRange = signature;
    onChange();
  };

  const onResized = (entries: ResizeObserverEntry[]) => {
    let changed = false;
    let adjustment = 0;
    const items = getMeasurements();
    for (const entry of entries) {
      const element = entry.target;
      const key = elements.get(element);
      if (key === undefined) continue;
      if (!element.isConnected) {
        observer?.unobserve(element);
        elements.delete(element);
        continue;
      }
      const item = items[Number(element.getAttribute('data-index'))];
      if (!item || item.key !== key) continue;
      const size = options.measureElement(element, entry, virtualizer);
      if (size === item.size) continue;
      // An item above the viewport's top grew or shrank: keep what the reader sees where it is.
      if (item.start < scrollY) adjustment += size - item.size;
      sizes.set(key, size);
      changed = true;
    }
    if (!changed) return;
    measurements = null;
    if (adjustment !== 0) {
      scrollY += adjustment;
      window.scrollTo({ top: scrollY });
    }
    delivering = true;
    try {
      flushSync(onChange);
    } finally {
      delivering = false;
    }
  };

  const scrollToOffset = (offset: number) => window.scrollTo({ top: Math.max(0, offset) });

  const virtualizer: WindowVirtualizer = {
    get options() {
      return options;
    },
    setOptions(next) {
      options = resolve(next);
      measurements = null;
    },
    mount() {
      const onScroll = () => {
        scrollY = window.scrollY;
        changedIfRangeMoved();
      };
      const onResize = () => {
        viewport = window.innerHeight;
        changedIfRangeMoved();
      };
      window.addEventListener('scroll', onScroll, { passive: true });
      window.addEventListener('resize', onResize);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(onResized);
        for (const element of elements.keys()) observer.observe(element);
      }
      return () => {
        window.removeEventListener('scroll', onScroll);
        window.removeEventListener('resize', onResize);
        observer?.disconnect();
        observer = null;
        cancelAnimationFrame(followUp);
      };
    },
    getMeasurements,
    get range() {
      return range();
    },
    getVirtualItems() {
      const now = range();
      if (!now) return [];
      const items = getMeasurements();
      return options
        .rangeExtractor({ ...now, overscan: options.overscan, count: options.count })
        .map((index) => items[index])
        .filter((item): item is VirtualItem => item !== undefined);
    },
    getTotalSize() {
      const items = getMeasurements();
      const last = items[items.length - 1];
      return last ? last.end - options.scrollMargin : 0;
    },
    takeSnapshot: () => getMeasurements().slice(),
    measureElement(element) {
      if (!element) return;
      const index = Number(element.getAttribute('data-index'));
      if (!Number.isInteger(index)) return;
      const key = options.getItemKey(index);
      if (elements.get(element) === key) return;
      elements.set(element, key);
      observer?.observe(element);
      // Mounted by the re-render a measurement caused: its first report would come a frame late,
      // after it was painted at its estimated size. Read it now (the layout is fresh anyway) and
      // re-render once more before the paint: an update made during the commit is flushed with it.
      if (delivering) {
        const size = options.measureElement(element, undefined, virtualizer);
        const item = getMeasurements()[index];
        if (item && item.key === key && size !== item.size) {
          sizes.set(key, size);
          measurements = null;
          onChange();
        }
      }
    },
    scrollToOffset,
    scrollToIndex(index) {
      const item = getMeasurements()[index];
      if (!item) return;
      // Below a header that stays on screen (the page's scroll-padding-top), not under it.
      const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (item.start < scrollY + covered) scrollToOffset(item.start - covered);
      else if (item.end > scrollY + viewport) scrollToOffset(item.end - viewport);
      // An estimated size may be off: look again after the item has been laid out and measured.
      cancelAnimationFrame(followUp);
      followUp = requestAnimationFrame(() => {
        for (const [element, key] of elements) {
          if (key === item.key && element.isConnected) element.scrollIntoView?.({ block: 'nearest' });
        }
      });
    },
  };
  return virtualizer;
}

function resolve(options: WindowVirtualizerOptions): ResolvedOptions {
  return {
    count: options.count,
    estimateSize: options.estimateSize,
    overscan: options.overscan ?? 1,
    scrollMargin: options.scrollMargin ?? 0,
    getItemKey: options.getItemKey ?? ((index) => index),
    measureElement: options.measureElement ?? measureElement,
    rangeExtractor: options.rangeExtractor ?? defaultRangeExtractor,
  };
}

/** One virtualizer for the component's life; it re-renders the component when the window moves. */
export function useWindowVirtualizer(options: WindowVirtualizerOptions): WindowVirtualizer {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [instance] = useState(() => createWindowVirtualizer(options, rerender));
  instance.setOptions(options);
  useLayoutEffect(() => instance.mount(), [instance]);
  return instance;
}
