/**
 * Which queries on screen last failed to refresh in the background (their data is still shown).
 * Many failures make one problem: the notice reads only "is there any", so it says so once.
 * A query leaves the set when it refreshes, when nothing shows it any more, or when it is dropped.
 */
import { createStore, useStore } from '../../lib/external-store';

const failing = new Set<string>();
const any = createStore(false);
const update = () => any.set(failing.size > 0);

export const backgroundProblem = {
  get: any.get,
  has: (queryHash: string) => failing.has(queryHash),
  subscribe: any.subscribe,
  failed(queryHash: string) {
    failing.add(queryHash);
    update();
  },
  resolved(queryHash: string) {
    if (failing.delete(queryHash)) update();
  },
};

export function useBackgroundProblem(): boolean {
  return useStore(any);
}
