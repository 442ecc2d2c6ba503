// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { leadTabs, type LockRequester } from '../../src/lib/tab-leader';
import { nextTask } from '../support/clock';

/**
 * The Web Locks API's exclusive locks as the spec describes them: per name, requests queue in order;
 * a request with `steal` takes the lock at once and the holder's request rejects (AbortError); an
 * aborted wait leaves the queue and rejects. Shared by the "tabs" of a test, as by a browser's.
 */
function fakeLocks(): LockRequester {
  const names = new Map<string, LockRequester>();
  return {
    request(name, options, callback) {
      if (!names.has(name)) names.set(name, oneLock());
      return names.get(name)!.request(name, options, callback);
    },
  };
}

function oneLock(): LockRequester {
  interface Entry {
    grant: () => void;
    reject: (error: Error) => void;
  }
  const queue: Entry[] = [];
  let holder: Entry | null = null;
  const next = () => {
    if (holder || queue.length === 0) return;
    holder = queue.shift()!;
    holder.grant();
  };
  const manager: LockRequester = {
    request(_name, options, callback) {
      return new Promise<void>((resolve, reject) => {
        const entry: Entry = {
          grant: () => {
            void callback().then(() => {
              if (holder === entry) {
                holder = null;
                resolve();
                next();
              }
            });
          },
          reject,
        };
        if (options.steal) {
          const robbed = holder;
          holder = entry;
          robbed?.reject(new DOMException('stolen', 'AbortError'));
          entry.grant();
          return;
        }
        options.signal?.addEventListener('abort', () => {
          const at = queue.indexOf(entry);
          if (at >= 0) {
            queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        queue.push(entry);
        next();
      });
    },
  };
  return manager;
}

/** A tab's document: its visibility, which the test changes. */
function fakeDocument(visible: boolean) {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: (visible ? 'visible' : 'hidden') as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    show(shown: boolean) {
      doc.visibilityState = shown ? 'visible' : 'hidden';
      for (const listener of [...listeners]) listener();
    },
  };
  return doc;
}

const settle = nextTask;

describe('one reader among the tabs', () => {
  it('the first tab leads; the next ones follow, and the next in line leads when the leader goes', async () => {
    const locks = fakeLocks();
    const first = leadTabs('reader', { locks, document: fakeDocument(true) });
    const second = leadTabs('reader', { locks, document: fakeDocument(false) });
    const third = leadTabs('reader', { locks, document: fakeDocument(false) });
    await settle();
    expect([first.isLeading(), second.isLeading(), third.isLeading()]).toEqual([true, false, false]);
    first.stop();
    await settle();
    expect([first.isLeading(), second.isLeading(), third.isLeading()]).toEqual([false, true, false]);
    second.stop();
    await settle();
    expect(third.isLeading()).toBe(true);
  });

  it('a tab that comes into view takes over from a hidden leader, which then waits its turn again', async () => {
    const locks = fakeLocks();
    const aDoc = fakeDocument(true);
    const bDoc = fakeDocument(false);
    const a = leadTabs('reader', { locks, document: aDoc });
    const b = leadTabs('reader', { locks, document: bDoc });
    const changes: string[] = [];
    a.subscribe(() => changes.push(`a ${a.isLeading()}`));
    b.subscribe(() => changes.push(`b ${b.isLeading()}`));
    await settle();
    aDoc.show(false);
    bDoc.show(true);
    await settle();
    expect([a.isLeading(), b.isLeading()]).toEqual([false, true]);
    expect(changes).toEqual(['b true', 'a false']);
    // Back in line: when b closes, a leads again, hidden or not.
    b.stop();
    await settle();
    expect(a.isLeading()).toBe(true);
  });

  it('a leading tab that comes into view again keeps the lead; a tab alone leads hidden too', async () => {
    const locks = fakeLocks();
    const doc = fakeDocument(false);
    const alone = leadTabs('reader', { locks, document: doc });
    await settle();
    expect(alone.isLeading()).toBe(true);
    let changes = 0;
    alone.subscribe(() => (changes += 1));
    doc.show(true);
    await settle();
    expect([alone.isLeading(), changes]).toEqual([true, 0]);
  });

  it('names are separate elections (another account, another API)', async () => {
    const locks = fakeLocks();
    const ada = leadTabs('reader:ada', { locks, document: fakeDocument(true) });
    const bram = leadTabs('reader:bram', { locks, document: fakeDocument(true) });
    const ada2 = leadTabs('reader:ada', { locks, document: fakeDocument(false) });
    await settle();
    expect([ada.isLeading(), bram.isLeading(), ada2.isLeading()]).toEqual([true, true, false]);
  });

  it('without the Web Locks API every tab leads', () => {
    expect(leadTabs('reader', { locks: null, document: fakeDocument(true) }).isLeading()).toBe(true);
  });
});
