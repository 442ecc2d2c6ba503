import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedPost, UserSummary } from '../../../lib/api/schemas';
import { errorMessage } from '../../../components/ui/states';
import { MAX_FROM_LENGTH, createPostInputSchema } from '../api/create-post';
import { useSendPost, type Uncertainty } from '../api/use-send-post';
import { draftContext, isBlankDraft, loadDraft, saveDraft } from '../draft-store';
import { useLeaveGuard } from '../use-leave-guard';

interface ComposerProps {
  /** Reply to this post; absent for a new post. */
  parentId?: string;
  author: UserSummary | null;
  onCreated?: (post: CreatedPost) => void;
  focusOnMount?: boolean;
  label?: string;
}

function uncertainMessage({ state, error }: Uncertainty): string {
  const why = error.reason ? ` (${error.reason})` : '';
  if (state === 'checking') return `The server did not confirm this post${why}. Checking whether it arrived…`;
  if (state === 'not-landed') return `The server did not confirm this post${why}, and it did not arrive. Your text is kept: send it again when ready.`;
  return `The server did not confirm this post${why}, and it could not be checked. It may have been posted: check again before sending a second copy. Your text is kept.`;
}

function buttonLabel(sending: boolean, u: Uncertainty | null, failed: boolean, reply: boolean): string {
  if (u?.state === 'checking') return 'Checking…';
  if (sending) return 'Sending…';
  if (u?.state === 'unknown') return 'Send anyway';
  if (u?.state === 'not-landed') return 'Send again';
  if (failed) return 'Retry';
  return reply ? 'Reply' : 'Post';
}

export function Composer({ parentId, author, onCreated, focusOnMount, label }: ComposerProps) {
  const context = draftContext(parentId);
  const [draft, setDraft] = useState(() => loadDraft(context));
  const [validation, setValidation] = useState<string | null>(null);
  const sending = useRef(false);
  const send = useSendPost(parentId, author);
  const ids = { content: useId(), from: useId(), count: useId(), error: useId() };
  const release = useLeaveGuard(!isBlankDraft(draft));

  useEffect(() => saveDraft(context, draft), [context, draft]);

  const update = (patch: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setValidation(null);
  };

  function submit() {
    // A ref, not state: a second click or key press in the same tick must not send again.
    if (sending.current || send.isSending) return;
    const input = { content: draft.content, from: draft.from.trim() || undefined, lock: draft.lock, nsfw: draft.nsfw, parentId };
    const parsed = createPostInputSchema.safeParse(input);
    if (!parsed.success) {
      setValidation(parsed.error.issues[0]?.message ?? 'Check the post.');
      return;
    }
    sending.current = true;
    send.send(
      input,
      (created) => {
        // The stored draft is already cleared (by the mutation, or by the check that found the post).
        release();
        setDraft(loadDraft(context));
        onCreated?.(created);
      },
      () => {
        sending.current = false;
      },
    );
  }

  const { error, uncertainty } = send;
  const message = validation ?? (uncertainty ? uncertainMessage(uncertainty) : error ? errorMessage(error) : null);
  const length = Array.from(draft.content).length;

  return (
    <form
      className="composer card"
      aria-label={label ?? (parentId ? 'Write a reply' : 'Write a post')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <label htmlFor={ids.content}>{parentId ? 'Your reply' : 'What do you want to say?'}</label>
      <textarea
        id={ids.content}
        value={draft.content}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the composer page exists to type into
        autoFocus={focusOnMount}
        dir="auto"
        onChange={(e) => update({ content: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
        aria-invalid={validation ? true : undefined}
        aria-describedby={`${ids.count}${message ? ` ${ids.error}` : ''}`}
      />
      <p id={ids.count} className="hint char-count">
        {length} {length === 1 ? 'character' : 'characters'} · Ctrl+Enter to send
      </p>
      <div className="field">
        <label htmlFor={ids.from}>From (optional)</label>
        <input id={ids.from} type="text" value={draft.from} maxLength={MAX_FROM_LENGTH} onChange={(e) => update({ from: e.target.value })} />
      </div>
      <div className="composer-toggles">
        <label className="checkbox">
          <input type="checkbox" checked={draft.lock} onChange={(e) => update({ lock: e.target.checked })} /> Lock (no replies)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={draft.nsfw} onChange={(e) => update({ nsfw: e.target.checked })} /> Sensitive (NSFW)
        </label>
      </div>
      {message && (
        <p id={ids.error} className="field-error" role="alert">
          {message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={send.isSending} aria-busy={send.isSending}>
          {buttonLabel(send.isSending, uncertainty, error !== null, parentId !== undefined)}
        </button>
        {uncertainty?.state === 'unknown' && (
          <>
            <button type="button" className="button" onClick={() => send.checkAgain()}>
              Check again
            </button>
            <span className="hint">Send anyway makes a second copy if the first one did arrive.</span>
          </>
        )}
      </div>
    </form>
  );
}
