import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterContentPresented, whenIdle } from '../../src/lib/idle';

/** A stand-in for the browser's PerformanceObserver: the test says when an LCP entry is reported. */
class FakeObserver {
  static supportedEntryTypes: string[] = [];
  static live: FakeObserver[] = [];
  connected = false;
  /** The entry types observe() was called with: only those are delivered, as in a browser. */
  types = new Set<string>();
  constructor(private readonly callback: (list: { getEntries: () => Array<{ startTime: number; entryType: string }> }) => void) {}
  observe({ type }: { type: string }) {
    this.types.add(type);
    this.connected = true;
    if (!FakeObserver.live.includes(this)) FakeObserver.live.push(this);
  }
  disconnect() {
    this.connected = false;
  }
  report(startTime: number, entryType = 'largest-contentful-paint') {
    if (this.connected && this.types.has(entryType)) this.callback({ getEntries: () => [{ startTime, entryType }] });
  }
}

describe('afterContentPresented', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'performance'] });
    FakeObserver.live = [];
    FakeObserver.supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits past the frames for the browser to report a paint made after it was called', async () => {
    await vi.advanceTimersByTimeAsync(1_000);
    let presented = false;
    void afterContentPresented(300).then(() => (presented = true));
    const observer = FakeObserver.live[0]!;
    // A paint from before the call (buffered) is not this screen's.
    observer.report(500);
    await vi.advanceTimersByTimeAsync(100);
    expect(presented).toBe(false);
    observer.report(1_090);
    await vi.advanceTimersByTimeAsync(0);
    expect(presented).toBe(true);
    expect(observer.connected).toBe(false);
  });

  it('settles at once on the reader’s first input, even one from before the call (LCP stops there)', async () => {
    FakeObserver.supportedEntryTypes = ['largest-contentful-paint', 'first-input'];
    await vi.advanceTimersByTimeAsync(1_000);
    let presented = false;
    void afterContentPresented(300).then(() => (presented = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(presented).toBe(false);
    FakeObserver.live[0]!.report(900, 'first-input');
    await vi.advanceTimersByTimeAsync(0);
    expect(presented).toBe(true);
  });

  it('gives up waiting a while after two frames when no such paint is reported', async () => {
    let presented = false;
    void afterContentPresented(300).then(() => (presented = true));
    await vi.advanceTimersByTimeAsync(250);
    expect(presented).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(presented).toBe(true);
    expect(FakeObserver.live[0]!.connected).toBe(false);
  });

  it('falls back to two frames where the browser reports no LCP', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    let presented = false;
    void afterContentPresented(300).then(() => (presented = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(presented).toBe(true);
  });
});

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancels through the idle callbacks it scheduled with, even once those globals are gone', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => setTimeout(() => callback({} as IdleDeadline), 10));
      vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
      const cancel = whenIdle(run);
      // jsdom has neither: what a test's stand-ins leave behind once removed.
      vi.unstubAllGlobals();
      expect(cancel).not.toThrow();
      vi.advanceTimersByTime(1_000);
      expect(run).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes its fallback where requestIdleCallback exists without cancelIdleCallback, instead of throwing', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => setTimeout(() => callback({} as IdleDeadline), 10));
      const cancel = whenIdle(run);
      vi.advanceTimersByTime(1_000);
      expect(run).toHaveBeenCalledTimes(1);
      const cancelled = vi.fn();
      whenIdle(cancelled)();
      vi.advanceTimersByTime(1_000);
      expect(cancelled).not.toHaveBeenCalled();
      expect(cancel).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});
