// The Intl warm-up worker (lib/intl-warm.worker.ts) and its caller (warmIntlOffMainThread in lib/time.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlOffMainThread } from '../../src/lib/time';

/** A stand-in for the browser's Worker: records what the page does with it and answers when told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static failToStart = false;
  readonly url: string;
  readonly posted: unknown[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(url: URL | string) {
    if (FakeWorker.failToStart) throw new DOMException('blocked by the page’s policy', 'SecurityError');
    this.url = String(url);
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeWorker.made = [];
  FakeWorker.failToStart = false;
});

describe('warmIntlOffMainThread', () => {
  it('asks a worker to warm the locale, and is done (the worker gone) when it answers', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const isDone = settled(warmIntlOffMainThread('de'));
    const [worker] = FakeWorker.made;
    expect(worker?.url).toMatch(/\/intl-warm\.worker\.ts\b/);
    expect(worker?.posted).toEqual(['de']);
    await Promise.resolve();
    expect(isDone()).toBe(false);
    worker?.onmessage?.(new MessageEvent('message', { data: null }));
    await Promise.resolve();
    expect(isDone()).toBe(true);
    expect(worker?.terminated).toBe(true);
  });

  it('is done when the worker fails, or after the timeout when it never answers', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const failed = settled(warmIntlOffMainThread('en'));
    FakeWorker.made[0]?.onerror?.(new Event('error'));
    await Promise.resolve();
    expect(failed()).toBe(true);

    vi.useFakeTimers();
    const silent = settled(warmIntlOffMainThread('en', 1_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(silent()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent()).toBe(true);
    expect(FakeWorker.made[1]?.terminated).toBe(true);
  });

  it('is done at once where no worker can start', async () => {
    FakeWorker.failToStart = true;
    vi.stubGlobal('Worker', FakeWorker);
    await expect(warmIntlOffMainThread('en')).resolves.toBeUndefined();
    vi.stubGlobal('Worker', undefined);
    await expect(warmIntlOffMainThread('en')).resolves.toBeUndefined();
  });
});

describe('the warm-up worker', () => {
  it('builds the formatters for the locale it is sent, and answers even when one fails', async () => {
    const answers: unknown[] = [];
    vi.spyOn(self, 'postMessage').mockImplementation((message: unknown) => void answers.push(message));
    const built: unknown[][] = [];
    let failNext = false;
    class RecordingRelativeTimeFormat extends Intl.RelativeTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
        if (failNext) throw new RangeError('no locale data');
        super(...args);
        built.push(args);
      }
    }
    vi.stubGlobal('Intl', { RelativeTimeFormat: RecordingRelativeTimeFormat, DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat, PluralRules: Intl.PluralRules });
    await import('../../src/lib/intl-warm.worker');
    self.onmessage?.(new MessageEvent('message', { data: 'fr' }));
    expect(built).toEqual([['fr', { numeric: 'auto' }]]);
    expect(answers).toEqual([null]);

    failNext = true;
    expect(() => self.onmessage?.(new MessageEvent('message', { data: 'fr' }))).toThrow(RangeError);
    expect(answers).toEqual([null, null]);
  });
});
