/**
 * Work that can wait for a quiet main thread: each piece runs in a task of its own, after what the
 * reader is waiting for (a long task made of several small jobs blocks input as one).
 */

/** Runs `run` once the main thread is idle, at most `timeoutMs` later. Returns a cancel function. */
export function whenIdle(run: () => void, timeoutMs = 2_000): () => void {
  // Both, or the fallback: an environment with the one and not the other (a partial polyfill; once a
  // Vitest worker's window, cause not found) threw here, inside an effect, and took the app down.
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    // Read now, beside the request: the cancel goes to whoever scheduled even if the globals change
    // meanwhile (a test's stand-ins removed while a callback was pending made every later cancel throw).
    const cancel = cancelIdleCallback;
    const id = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancel(id);
  }
  // Safari has no requestIdleCallback: a task soon after the current ones.
  const id = setTimeout(run, Math.min(timeoutMs, 200));
  return () => clearTimeout(id);
}

/**
 * Runs each job in a task of its own, one after another, starting after the current ones. Not
 * idle callbacks: Chromium holds those back while a page loads, which is when these are wanted.
 */
export function eachInOwnTask(jobs: ReadonlyArray<() => void>): void {
  void (async () => {
    for (const job of jobs) {
      await nextTask();
      job();
    }
  })();
}

type PostTask = (callback: () => void, options?: { priority?: TaskPriority }) => Promise<void>;
/** `scheduler.postTask`'s priorities: user-blocking runs before the page's other queued tasks. */
type TaskPriority = 'user-blocking' | 'user-visible' | 'background';

let channel: { port: MessagePort; waiting: Array<() => void> } | null = null;

/** A task right after the queued ones, from a MessageChannel: not clamped like a chain of timers. */
function viaChannel(): Promise<void> {
  if (!channel) {
    const { port1, port2 } = new MessageChannel();
    const waiting: Array<() => void> = [];
    port1.onmessage = () => waiting.shift()?.();
    // Node's ports (the tests) would otherwise keep the process alive.
    (port1 as { unref?: () => void }).unref?.();
    (port2 as { unref?: () => void }).unref?.();
    channel = { port: port2, waiting };
  }
  const { port, waiting } = channel;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}

/**
 * Resolves at the start of a task of its own, right after the tasks already queued: what the
 * caller does next does not add to the task it was called from. Where several small jobs are
 * started together (a round of requests: each fetch() costs a millisecond or more on a phone's
 * main thread), each runs in a short task instead of all of them in one long one.
 */
export function nextTask(priority: TaskPriority = 'user-visible'): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => {}, { priority });
  if (typeof MessageChannel === 'function') return viaChannel();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves when `promise` settles (fulfilled or rejected), or after `ms`, whichever comes first. */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

/**
 * Resolves once what has been rendered so far is on the screen, as the browser itself reports it:
 * a largest-contentful-paint entry timed at or after this call. A frame (or two) is not proof: a
 * paint is presented some frames after it is produced, and a request sent in between goes out
 * before the paint a metric such as LCP records. Where the browser reports no such entry (no LCP
 * in Safari; nothing larger painted than before) it resolves two frames plus `graceMs` later. The
 * reader's first key or pointer press (a first-input entry, even one from before this call) settles
 * it at once: the browser records no LCP after one, and the reader is now waiting for the page (a
 * keyboard user tabbing to the sign-in form).
 */
export function afterContentPresented(graceMs = 300): Promise<void> {
  const twoFrames = () => afterNextPaint().then(afterNextPaint);
  const Observer = globalThis.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint') || document.visibilityState === 'hidden') {
    return twoFrames();
  }
  const since = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new Observer((list) => {
      if (list.getEntries().some((entry) => entry.entryType === 'first-input' || entry.startTime >= since)) done();
    });
    const done = () => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    if (Observer.supportedEntryTypes.includes('first-input')) observer.observe({ type: 'first-input', buffered: true });
    void twoFrames().then(() => {
      if (!settled) timer = setTimeout(done, graceMs);
    });
  });
}

/**
 * Resolves once what has been rendered so far has been painted: a frame, then a task after it.
 * A hidden tab paints nothing and runs no frames, so there it resolves on a timer instead.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      done();
      return;
    }
    // A frame may never come (the tab hidden meanwhile): the timer settles it anyway.
    const fallback = setTimeout(resolve, 250);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      done();
    });
  });
}
