/**
 * What a reload of the tab finds again (src/lib/query-persistence.ts): the posts, the feed's pages
 * and its head, who is signed in, the profiles seen and the blog entry. Not the reachability
 * check, the posts above the top of the feed, nor anything that failed. Keys are matched by their
 * first parts so this module pulls no feature code into the initial chunk; test/app tests it
 * against the query factories.
 */
import type { QueryKey } from '@tanstack/react-query';

const PERSISTED: ReadonlyArray<readonly [string, string]> = [
  ['posts', 'detail'],
  ['feed', 'pages'],
  ['feed', 'head'],
  ['me', 'profile'],
  ['users', 'detail'],
  ['blog', 'latest'],
];

export function isPersistedQuery(queryKey: QueryKey): boolean {
  return PERSISTED.some(([root, kind]) => queryKey[0] === root && queryKey[1] === kind);
}
