import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableRoute<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** Its code has arrived: it renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * A lazily loaded page that can be loaded ahead of rendering. Once loaded it renders directly,
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
