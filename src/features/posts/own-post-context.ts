import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Post } from '../../lib/api/schemas';

export type IsOwnPost = (post: Post) => boolean;

/**
 * Whether a post is the signed-in person's own, decided by the app layer (which knows who is
 * signed in). Post cards anywhere show author actions only where this says yes; the server
 * stays the authority either way.
 *
 * A store rather than a plain function in context: when who-am-I lands, only the cards whose
 * answer changes re-render, not every card on screen in one task.
 */
export interface OwnPostSource {
  subscribe(onChange: () => void): () => void;
  current(): IsOwnPost;
}

/** A source whose answer never changes (the gallery's specimens, the default). */
export function fixedOwnPostSource(isOwn: IsOwnPost): OwnPostSource {
  return { subscribe: () => () => {}, current: () => isOwn };
}

/** A source the app layer updates as it learns who is signed in. */
export function createOwnPostSource(initial: IsOwnPost): OwnPostSource & { set(isOwn: IsOwnPost): void } {
  let isOwn = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    current: () => isOwn,
    set(next) {
      if (next === isOwn) return;
      isOwn = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

export const OwnPostContext = createContext<OwnPostSource>(fixedOwnPostSource(() => false));

export function useIsOwnPost(post: Post): boolean {
  const source = useContext(OwnPostContext);
  const read = () => source.current()(post);
  return useSyncExternalStore(source.subscribe, read, read);
}
