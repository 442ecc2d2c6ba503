import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useT } from '../../../i18n/use-t';
import { backgroundProblem, useBackgroundProblem } from '../background-problem';

/** Waits between the notice's own retries: the queries have already retried twice each. */
const RETRY_AFTER_MS = [15_000, 30_000, 60_000, 120_000];

/**
 * The notice's message, Try again and retries of its own, while refreshing what is on screen fails
 * (background-problem-notice.tsx loads this then).
 */
export function BackgroundProblemRetry({ textId }: { textId: string }) {
  const t = useT();
  const failing = useBackgroundProblem();
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

  return (
    <>
      <p role="status" id={textId} className="background-problem-text">
        {failing ? t('status.refreshFailed') : ''}
      </p>
      {failing && (
        <button type="button" className="button" aria-describedby={textId} onClick={retry}>
          {t('common.tryAgain')}
        </button>
      )}
    </>
  );
}
