import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { apiErrorMessage, isApiError } from '../../lib/api/api-error';

export function LoadingState({ label, lines = 3 }: { label?: string; lines?: number }) {
  const t = useT();
  return (
    <div className="skeleton-block" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

/** The words for a failure, in the active language (also called outside components, hence `t()`). */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return apiErrorMessage(error);
  if (error instanceof Error && error.message) return error.message;
  return translate('common.somethingWentWrong');
}

export function ErrorState({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title ?? t('common.couldNotLoad')}</p>
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}
