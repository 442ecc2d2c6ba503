/**
 * One reader among a browser's tabs: of the tabs that ask to lead `name` (one name per API and
 * account), one holds a Web Lock of that name and leads; the others wait in the lock's queue and
 * follow. The lock passes on by itself when the leading tab closes (the browser releases it), and
 * a tab that comes into view takes it (`steal`): the reader is the tab the person last looked at,
 * so a leader hidden for good never keeps the others from reading. Without the Web Locks API
 * (an old browser, jsdom) every tab leads, as if it were alone.
 */

/** The part of the Web Locks API used here (LockManager.request with a callback). */
export interface LockRequester {
  request(name: string, options: { steal?: boolean; signal?: AbortSignal }, callback: () => Promise<void>): Promise<void>;
}

export interface TabLeader {
  /** Whether this tab leads now. */
  isLeading(): boolean;
  /** Called on every change of `isLeading()`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Leaves the election: the lock (held or asked for) is let go. */
  stop(): void;
}

/** Where a tab's visibility is read: the document. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

interface Environment {
  locks?: LockRequester | null;
  document?: VisibilitySource | null;
}

const defaultEnvironment = (): Environment => ({
  locks: typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as unknown as LockRequester) : null,
  document: typeof document !== 'undefined' ? document : null,
});

export function leadTabs(name: string, { locks, document: doc } = defaultEnvironment()): TabLeader {
  const listeners = new Set<() => void>();
  let leading = !locks;
  let stopped = false;
  /** Ends the current request: its wait in the queue, or its hold of the lock. */
  let cancel: (() => void) | null = null;

  const set = (next: boolean) => {
    if (next === leading) return;
    leading = next;
    for (const listener of [...listeners]) listener();
  };

  function ask(steal: boolean) {
    if (!locks || stopped) return;
    cancel?.();
    const controller = new AbortController();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let mine = true;
    cancel = () => {
      mine = false;
      controller.abort();
      release();
      set(false);
    };
    locks
      .request(name, steal ? { steal: true } : { signal: controller.signal }, () => {
        if (!mine) return Promise.resolve();
        set(true);
        return held;
      })
      .then(
        // Released by us (cancel): nothing more to do.
        () => undefined,
        // Stolen by a tab that came into view, or the wait aborted: wait in the queue again.
        () => {
          if (!mine) return;
          set(false);
          cancel = null;
          ask(false);
        },
      );
  }

  const onVisibility = () => {
    if (doc?.visibilityState === 'visible' && !leading) ask(true);
  };

  if (locks) {
    ask(doc?.visibilityState === 'visible');
    doc?.addEventListener('visibilitychange', onVisibility);
  }

  return {
    isLeading: () => leading,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      doc?.removeEventListener('visibilitychange', onVisibility);
      cancel?.();
      cancel = null;
      listeners.clear();
    },
  };
}
