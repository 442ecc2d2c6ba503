import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../i18n/use-t';

interface State {
  error: Error | null;
}

class Boundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected error while rendering', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RouteErrorMessage onRetry={() => this.setState({ error: null })} />;
  }
}

// A function component of its own: a class cannot use hooks, and the text follows the language.
function RouteErrorMessage({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="state state-error" role="alert">
      <h1 className="page-title">{t('app.routeErrorTitle')}</h1>
      <p>{t('app.routeErrorText')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

/** Catches render errors per route; navigating elsewhere clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.pathname}>{children}</Boundary>;
}
