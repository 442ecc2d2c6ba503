import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId } from 'react';
import { useT } from '../../../i18n/use-t';
import { backgroundProblem, useBackgroundProblem } from '../background-problem';

/** Waits between the notice's own retries: the queries have already retried twice each. */
const RETRY_AFTER_MS = [15_000, 30_000, 60_000, 120_000];

/**
 * A polite word when refreshing what is on screen failed (the data stays): one status message
 * however many requests failed, a way to try again now, and retries of its own meanwhile. It
 * goes once a refresh succeeds. Fixed at the bottom, so it never moves the page.
 */
export function BackgroundProblemNotice() {
  const t = useT();
  const failing = useBackgroundProblem();
  const textId = useId();
  const queryClient = useQueryClient();
  const retry = useCallback(() => {
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => backgroundProblem.has(query.queryHash) });
  }, [queryClient]);

  useEffect(() => {
    if (!failing) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        retry();
        attempt += 1;
        schedule();
      }, RETRY_AFTER_MS[Math.min(attempt, RETRY_AFTER_MS.length - 1)]);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [failing, retry]);

  // The status region is always there (a live region must exist before its text changes); the
  // button sits beside it, so the announcement is the sentence alone.
  return (
    <div className={failing ? 'background-problem card' : 'background-problem'}>
      <p role="status" id={textId} className="background-problem-text">
        {failing ? t('status.refreshFailed') : ''}
      </p>
      {failing && (
        <button type="button" className="button" aria-describedby={textId} onClick={retry}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}
