import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { closeOutcome, type Outcome } from './outcome-notice';

export function OutcomeNoticeView({ outcome }: { outcome: Outcome }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Another page: the notice was about the one left. Not the navigation that came with the action
  // itself (a deleted thread goes back, history's answer arriving a moment later).
  const [shownOn] = useState(() => ({ pathname, at: performance.now() }));
  useEffect(() => {
    if (pathname !== shownOn.pathname && performance.now() - shownOn.at > 1_000) closeOutcome();
  }, [pathname, shownOn]);
  useEffect(() => {
    if (outcome.focusAction) actionRef.current?.focus();
  }, [outcome.focusAction]);

  const close = () => {
    const hadFocus = ref.current?.contains(document.activeElement);
    closeOutcome();
    if (!hadFocus) return;
    // After the render that brings back what was undone (a muted post).
    setTimeout(() => (outcome.refocus?.() ?? document.getElementById('main'))?.focus());
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <div ref={ref} className="outcome-notice">
      <p className="outcome-notice-text">{outcome.text}</p>
      {outcome.action && (
        <button
          ref={actionRef}
          type="button"
          className="button"
          onKeyDown={onKeyDown}
          onClick={() => {
            outcome.action?.run();
            close();
          }}
        >
          {outcome.action.label}
        </button>
      )}
      <button type="button" className="button outcome-notice-close" aria-label={t('notice.dismiss')} onKeyDown={onKeyDown} onClick={close}>
        ×
      </button>
    </div>
  );
}
