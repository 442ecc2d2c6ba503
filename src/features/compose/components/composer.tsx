import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import type { CreatedPost, UserSummary } from '../../../lib/api/schemas';
import { errorMessage } from '../../../components/ui/states';
import { MAX_FROM_LENGTH, createPostInputSchema, useCreatePost } from '../api/create-post';
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

function uncertainMessage(reason: string | undefined): string {
  const why = reason ? `: ${reason}` : '';
  return `The server did not confirm this post${why}. It may have been posted anyway: check before sending again. Your text is kept.`;
}

export function Composer({ parentId, author, onCreated, focusOnMount, label }: ComposerProps) {
  const context = draftContext(parentId);
  const [draft, setDraft] = useState(() => loadDraft(context));
  const [validation, setValidation] = useState<string | null>(null);
  const sending = useRef(false);
  const create = useCreatePost(author);
  const ids = { content: useId(), from: useId(), count: useId(), error: useId() };
  const release = useLeaveGuard(!isBlankDraft(draft));

  useEffect(() => saveDraft(context, draft), [context, draft]);

  const update = (patch: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setValidation(null);
  };

  function submit() {
    // A ref, not state: a second click or key press in the same tick must not send again.
    if (sending.current || create.isPending) return;
    const input = { content: draft.content, from: draft.from.trim() || undefined, lock: draft.lock, nsfw: draft.nsfw, parentId };
    const parsed = createPostInputSchema.safeParse(input);
    if (!parsed.success) {
      setValidation(parsed.error.issues[0]?.message ?? 'Check the post.');
      return;
    }
    sending.current = true;
    create.mutate(input, {
      onSuccess: (created) => {
        // useCreatePost already cleared the stored draft.
        release();
        setDraft(loadDraft(context));
        onCreated?.(created);
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  const error = create.isError ? create.error : null;
  // Never resent on its own: after an unknown outcome the button itself says what pressing it does.
  const uncertain = error && isApiError(error) && error.mayHaveApplied ? error : null;
  const message = validation ?? (error ? (uncertain ? uncertainMessage(uncertain.reason) : errorMessage(error)) : null);
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
        <button type="submit" className="button button-primary" aria-disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Sending…' : uncertain ? 'Send anyway' : error ? 'Retry' : parentId ? 'Reply' : 'Post'}
        </button>
        {uncertain && !create.isPending && <span className="hint">This sends a second copy if the first one did arrive.</span>}
      </div>
    </form>
  );
}
