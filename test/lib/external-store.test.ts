import { act, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore, type ReadableStore } from '../../src/lib/external-store';

describe('createStore', () => {
  it('holds its initial value, then the value set', () => {
    const store = createStore('a');
    expect(store.get()).toBe('a');
    store.set('b');
    expect(store.get()).toBe('b');
  });

  it('tells every subscriber once per change, after the value has changed', () => {
    const store = createStore(0);
    const seen: Array<[string, number]> = [];
    store.subscribe(() => seen.push(['first', store.get()]));
    store.subscribe(() => seen.push(['second', store.get()]));
    store.set(1);
    store.set(2);
    expect(seen).toEqual([
      ['first', 1],
      ['second', 1],
      ['first', 2],
      ['second', 2],
    ]);
  });

  it('tells nobody when the same value is set again (Object.is: NaN is NaN, an equal copy is not)', () => {
    const store = createStore<unknown>(Number.NaN);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(Number.NaN);
    expect(listener).not.toHaveBeenCalled();
    const value = { n: 1 };
    store.set(value);
    store.set(value);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set({ n: 1 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells an unsubscribed listener nothing more, and the others as before', () => {
    const store = createStore(0);
    const gone = vi.fn();
    const kept = vi.fn();
    const unsubscribe = store.subscribe(gone);
    store.subscribe(kept);
    unsubscribe();
    store.set(1);
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
    // Unsubscribing twice is harmless.
    unsubscribe();
    store.set(2);
    expect(kept).toHaveBeenCalledTimes(2);
  });

  it('tells each subscriber of the moment of the change once, whatever the listeners do meanwhile', () => {
    const store = createStore(0);
    const later = vi.fn();
    let calls = 0;
    // React's useSyncExternalStore may unsubscribe and subscribe again while it is being told.
    const resubscribing = () => {
      calls += 1;
      if (calls > 5) return;
      unsubscribe();
      unsubscribe = store.subscribe(resubscribing);
      store.subscribe(later);
    };
    let unsubscribe = store.subscribe(resubscribing);
    const removedMeanwhile = vi.fn();
    const unsubscribeOther = store.subscribe(removedMeanwhile);
    store.subscribe(() => unsubscribeOther());
    store.set(1);
    expect(calls).toBe(1);
    // Subscribed during the change: told from the next one.
    expect(later).not.toHaveBeenCalled();
    // Unsubscribed by an earlier listener during the change: it was subscribed when the value changed.
    expect(removedMeanwhile).toHaveBeenCalledTimes(1);
  });
});

describe('useStore', () => {
  /** The store, with a count of the listeners subscribed to it right now. */
  function counted<T>(initial: T) {
    const store = createStore(initial);
    let listening = 0;
    const readable: ReadableStore<T> = {
      get: store.get,
      subscribe(listener) {
        listening += 1;
        const off = store.subscribe(listener);
        return () => {
          listening -= 1;
          off();
        };
      },
    };
    return { store, readable, listening: () => listening };
  }

  it('renders the current value and renders again on every change', () => {
    const { store, readable } = counted('first');
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useStore(readable);
    });
    expect(result.current).toBe('first');
    const rendersBefore = renders;
    act(() => store.set('second'));
    expect(result.current).toBe('second');
    expect(renders).toBe(rendersBefore + 1);
  });

  it('listens while mounted, and not once unmounted', () => {
    const { readable, listening } = counted(0);
    const { unmount } = renderHook(() => useStore(readable));
    expect(listening()).toBe(1);
    unmount();
    expect(listening()).toBe(0);
  });

  it('renders on the server too (the prerendered home): the value as it is', () => {
    const store = createStore('at build time');
    function Probe() {
      return createElement('p', null, useStore(store));
    }
    expect(renderToString(createElement(Probe))).toBe('<p>at build time</p>');
  });
});
