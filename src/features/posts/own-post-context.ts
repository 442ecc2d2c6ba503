import { createContext, useContext } from 'react';
import type { Post } from '../../lib/api/schemas';

/**
 * Whether a post is the signed-in person's own, decided by the app layer (which knows who is
 * signed in). Post cards anywhere show author actions only where this says yes; the server
 * stays the authority either way.
 */
export const OwnPostContext = createContext<(post: Post) => boolean>(() => false);

export function useIsOwnPost(post: Post): boolean {
  return useContext(OwnPostContext)(post);
}
