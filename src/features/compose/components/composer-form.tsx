import { useId } from 'react';
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
}

/** The composer's form as the person sees it; state and sending live in Composer. */
export function ComposerForm(props: ComposerFormProps) {
  const { draft, onChange, onSubmit, reply, label, focusOnMount, message, invalid, sending, submitLabel, onCheckAgain } = props;
  const ids = { content: useId(), from: useId(), count: useId(), error: useId() };
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
      <label htmlFor={ids.content}>{reply ? 'Your reply' : 'What do you want to say?'}</label>
      <textarea
        id={ids.content}
        value={draft.content}
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
        {length} {length === 1 ? 'character' : 'characters'} · Ctrl+Enter to send
      </p>
      <div className="field">
        <label htmlFor={ids.from}>From (optional)</label>
        <input id={ids.from} type="text" value={draft.from} maxLength={MAX_FROM_LENGTH} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="composer-toggles">
        <label className="checkbox">
          <input type="checkbox" checked={draft.lock} onChange={(e) => onChange({ lock: e.target.checked })} /> Lock (no replies)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={draft.nsfw} onChange={(e) => onChange({ nsfw: e.target.checked })} /> Sensitive (NSFW)
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
              Check again
            </button>
            <span className="hint">Send anyway makes a second copy if the first one did arrive.</span>
          </>
        )}
      </div>
    </form>
  );
}
