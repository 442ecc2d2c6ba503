import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t';
import { CloseIcon } from './later-icons';
import { useStore } from '../../lib/external-store';
import { closeOutcome, outcomeStore, type Outcome } from './outcome-notice';

export function OutcomeNoticeView() {
  const outcome = useStore(outcomeStore);
  return outcome ? <Notice key={outcome.id} outcome={outcome} /> : null;
}

function Notice({ outcome }: { outcome: Outcome }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (outcome.focusAction) actionRef.current?.focus();
  }, [outcome.focusAction]);
  // Another page: the notice was about the one left. Not the navigation that came with the action
  // itself (a deleted thread goes back, history's answer arriving a moment later).
  useEffect(() => {
    const shownAt = performance.now();
    const onNavigate = () => {
      if (performance.now() - shownAt > 1_000) closeOutcome();
    };
    window.addEventListener('hashchange', onNavigate);
    return () => window.removeEventListener('hashchange', onNavigate);
  }, []);

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
        <CloseIcon />
      </button>
    </div>
  );
}
