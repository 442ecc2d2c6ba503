import { useId, useRef, useState } from 'react';
import type { MessageKey } from '../../../i18n/message-key';
import { showOutcome } from '../../../components/ui/outcome-notice';
import { useT, type Translate } from '../../../i18n/use-t';
import { errorMessage } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { useUpdatePost } from '../api/update-post';

// A 404 here means the post went away while the form was open: the server's own reason
// ("Post 5 not found") does not say that the edit is lost, nor that the text is still here.
function saveError(error: unknown, t: Translate): string {
  if (isApiError(error) && error.kind === 'not_found') {
    return error.reason ? t('actions.editGoneReason', { reason: error.reason }) : t('actions.editGone');
  }
  return errorMessage(error);
}

/** Edits the content with an optional reason; PATCH carries only the content (and the reason). */
export function EditPostForm({ post, onDone }: { post: Post; onDone: (form: HTMLFormElement | null) => void }) {
  const t = useT();
  const [content, setContent] = useState(post.content);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const update = useUpdatePost(post.id);
  const ids = { content: useId(), reason: useId(), error: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const done = () => onDone(formRef.current);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    if (!content.trim()) {
      setProblem('actions.editEmpty');
      return;
    }
    if (content === post.content) {
      done();
      return;
    }
    setProblem(null);
    update.mutate(
      { content, reason: reason.trim() || null },
      {
        onSuccess: () => {
          showOutcome({ text: t('notice.postSaved') });
          done();
        },
      },
    );
  }

  const message = problem ? t(problem) : (update.isError ? saveError(update.error, t) : null);
  return (
    <form ref={formRef} className="edit-post-form" onSubmit={submit} aria-label={t('actions.editLabel')} noValidate>
      <label htmlFor={ids.content}>{t('actions.editText')}</label>
      <textarea
        id={ids.content}
        value={content}
        // Opened by Edit, which leaves with the form's opening: the text to edit takes focus.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        dir="auto"
        onChange={(e) => setContent(e.target.value)}
        aria-describedby={message ? ids.error : undefined}
        aria-invalid={problem ? true : undefined}
      />
      <div className="field">
        <label htmlFor={ids.reason}>{t('actions.editReason')}</label>
        <input id={ids.reason} type="text" dir="auto" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {message && (
        <p id={ids.error} className="field-error" role="alert">
          {message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={update.isPending}>
          {update.isPending ? t('actions.saving') : t('actions.save')}
        </button>
        <button type="button" className="button" onClick={done}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
