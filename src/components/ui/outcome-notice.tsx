import { Suspense } from 'react';
import { createStore, useStore } from '../../lib/external-store';
import { lazyRoute } from '../../lib/lazy-route';

/**
 * What an action came to, shown where it is seen whatever the scroll (a muted post gone from the
 * feed, a post saved or deleted, an account signed out): one line at a time, with a way to undo it
 * where there is one. The text comes translated from the code that did the action.
 */
export interface Outcome {
  text: string;
  /** A button beside the text (Undo); pressing it also closes the notice. */
  action?: { label: string; run: () => void };
  /** The notice's action takes focus (the control that caused it left the page). */
  focusAction?: boolean;
  /** Where focus goes once the notice closes with focus in it (else the page's main). */
  refocus?: () => HTMLElement | null | undefined;
}

export const outcomeStore = createStore<(Outcome & { id: number }) | null>(null);
let nextId = 1;

export function showOutcome(outcome: Outcome): void {
  outcomeStore.set({ ...outcome, id: nextId++ });
}

export function closeOutcome(): void {
  outcomeStore.set(null);
}

// Its code comes with the actions that show one (they import it): not in the first load.
const OutcomeNoticeView = lazyRoute(() => import('./outcome-notice-view').then((m) => m.OutcomeNoticeView));

/** The notice's place in the layout: a live region that is always there, so its text is announced. */
export function OutcomeNotice() {
  const outcome = useStore(outcomeStore);
  return (
    <div className="outcome-notice-region" role="status">
      {outcome && (
        <Suspense fallback={null}>
          <OutcomeNoticeView key={outcome.id} outcome={outcome} />
        </Suspense>
      )}
    </div>
  );
}
