import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { MAX_FROM_LENGTH } from '../limits';
import type { Draft } from '../../../entities/draft/draft-store';

export type DraftFields = Omit<Draft, 'savedAt'>;

export interface ComposerFormProps {
  draft: DraftFields;
  onChange: (patch: Partial<DraftFields>) => void;
  onSubmit: () => void;
  reply: boolean;
  label: string;
  focusOnMount?: boolean;
  /** Validation, failure or uncertainty, announced as an alert. */
  message: string | null;
  /** The message is about the text itself. */
  invalid: boolean;
  sending: boolean;
  submitLabel: string;
  /** Offered when it is unknown whether the last send arrived. */
  onCheckAgain?: () => void;
  /** Shown above the text box (the other drafts on offer). */
  before?: ReactNode;
}

/** The composer's form as the person sees it; state and sending live in Composer. */
export function ComposerForm(props: ComposerFormProps) {
  const { draft, onChange, onSubmit, reply, label, focusOnMount, message, invalid, sending, submitLabel, onCheckAgain, before } = props;
  const t = useT();
  const ids = { content: useId(), from: useId(), count: useId(), error: useId() };
  const box = useRef<HTMLTextAreaElement>(null);
  // Also after mounting, when the page's heading has taken focus in the same commit (a thread
  // opened by a card's Reply): the box is where the person is going.
  useEffect(() => {
    if (focusOnMount) box.current?.focus();
  }, [focusOnMount]);
  const length = Array.from(draft.content).length;

  return (
    <form
      className="composer card"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {before}
      <label htmlFor={ids.content}>{t(reply ? 'compose.replyLabel' : 'compose.contentLabel')}</label>
      <textarea
        id={ids.content}
        value={draft.content}
        ref={box}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the composer page exists to type into
        autoFocus={focusOnMount}
        dir="auto"
        onChange={(e) => onChange({ content: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit();
          }
        }}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${ids.count}${message ? ` ${ids.error}` : ''}`}
      />
      <p id={ids.count} className="hint char-count">
        {t('compose.charCount', { count: length })}
      </p>
      <div className="field">
        <label htmlFor={ids.from}>{t('compose.fromLabel')}</label>
        <input id={ids.from} type="text" dir="auto" value={draft.from} maxLength={MAX_FROM_LENGTH} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="composer-toggles">
        <label className="checkbox">
          <input type="checkbox" checked={draft.lock} onChange={(e) => onChange({ lock: e.target.checked })} /> {t('compose.lock')}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={draft.nsfw} onChange={(e) => onChange({ nsfw: e.target.checked })} /> {t('compose.nsfw')}
        </label>
      </div>
      {message && (
        <p id={ids.error} className="field-error" role="alert">
          {message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={sending} aria-busy={sending}>
          {submitLabel}
        </button>
        {onCheckAgain && (
          <>
            <button type="button" className="button" onClick={onCheckAgain}>
              {t('compose.checkAgain')}
            </button>
            <span className="hint">{t('compose.sendAnywayHint')}</span>
          </>
        )}
      </div>
    </form>
  );
}
