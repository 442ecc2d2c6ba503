import { Suspense, useId } from 'react';
import { lazyRoute } from '../../../lib/lazy-route';
import { useBackgroundProblem } from '../background-problem';

// Its words, Try again and its retries: loaded when a refresh first fails, never with the first page.
const Retry = lazyRoute(() => import('./background-problem-retry').then((m) => m.BackgroundProblemRetry));

/**
 * A polite word when refreshing what is on screen failed (the data stays): one status message
 * however many requests failed, a way to try again now, and retries of its own meanwhile. It
 * goes once a refresh succeeds. Fixed at the bottom, so it never moves the page. The status region
 * is always there (a live region must exist before its text changes); the button sits beside it,
 * so the announcement is the sentence alone.
 */
export function BackgroundProblemNotice() {
  const failing = useBackgroundProblem();
  const textId = useId();
  return (
    <div className={failing ? 'background-problem card' : 'background-problem'}>
      {failing || Retry.isLoaded() ? (
        <Suspense fallback={<p role="status" id={textId} className="background-problem-text" />}>
          <Retry textId={textId} />
        </Suspense>
      ) : (
        <p role="status" id={textId} className="background-problem-text" />
      )}
    </div>
  );
}
