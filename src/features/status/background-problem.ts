/**
 * Which queries on screen last failed to refresh in the background (their data is still shown).
 * Many failures make one problem: the notice reads only "is there any", so it says so once.
 * A query leaves the set when it refreshes, when nothing shows it any more, or when it is dropped.
 */
import { useSyncExternalStore } from 'react';

const failing = new Set<string>();
const listeners = new Set<() => void>();
let snapshot = false;

function update() {
  const next = failing.size > 0;
  if (next === snapshot) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

export const backgroundProblem = {
  get: () => snapshot,
  has: (queryHash: string) => failing.has(queryHash),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  failed(queryHash: string) {
    failing.add(queryHash);
    update();
  },
  resolved(queryHash: string) {
    if (failing.delete(queryHash)) update();
  },
};

export function useBackgroundProblem(): boolean {
  return useSyncExternalStore(backgroundProblem.subscribe, backgroundProblem.get, backgroundProblem.get);
}
