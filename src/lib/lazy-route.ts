import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
import { whenFirstContent } from './first-content';

export type PreloadableRoute<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** Its code has arrived: it renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * A lazily loaded page (or part of one) that can be loaded ahead of rendering. Once loaded it renders directly,
 * without suspending: React holds a Suspense fallback on screen for at least ~300 ms, which
 * delayed each lazy page (and the requests it starts) even when its code had already arrived.
 */
export function lazyRoute<P extends object = object>(load: () => Promise<ComponentType<P>>): PreloadableRoute<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  const Route = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Route, { preload, isLoaded: () => loaded !== null });
}

/**
 * Loads `component`'s code once the page's first content is on screen (lib/first-content.ts), for
 * a part of a page that can come later (the sign-in form, the blog entry): 'loading' until then,
 * 'ready' once it renders without suspending, 'failed' when its code could not be loaded. Not a
 * Suspense fallback: React keeps one on screen for at least ~300 ms.
 */
export function useLoadedAfterFirstContent(component: Pick<PreloadableRoute, 'preload' | 'isLoaded'>): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() => (component.isLoaded() ? 'ready' : 'loading'));
  useEffect(() => {
    if (state !== 'loading') return;
    let live = true;
    void whenFirstContent(component.preload).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [component, state]);
  return state;
}
