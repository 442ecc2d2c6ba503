import { useId, useState } from 'react';
import { errorMessage } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { useUpdatePost } from '../api/update-post';

// A 404 here means the post went away while the form was open: the server's own reason
// ("Post 5 not found") does not say that the edit is lost, nor that the text is still here.
function saveError(error: unknown): string {
  if (isApiError(error) && error.kind === 'not_found') {
    const why = error.reason ? ` (${error.reason})` : '';
    return `This post was deleted meanwhile, so the edit was not saved. Your text is still here to copy.${why}`;
  }
  return errorMessage(error);
}

/** Edits the content with an optional reason; PATCH carries only the content (and the reason). */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [content, setContent] = useState(post.content);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdatePost(post.id);
  const ids = { content: useId(), reason: useId(), error: useId() };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    if (!content.trim()) {
      setProblem('A post cannot be empty. Delete it instead if you want it gone.');
      return;
    }
    if (content === post.content) {
      onDone();
      return;
    }
    setProblem(null);
    update.mutate({ content, reason: reason.trim() || null }, { onSuccess: onDone });
  }

  const message = problem ?? (update.isError ? saveError(update.error) : null);
  return (
    <form className="edit-post-form" onSubmit={submit} aria-label="Edit post" noValidate>
      <label htmlFor={ids.content}>Post text</label>
      <textarea
        id={ids.content}
        value={content}
        dir="auto"
        onChange={(e) => setContent(e.target.value)}
        aria-describedby={message ? ids.error : undefined}
        aria-invalid={problem ? true : undefined}
      />
      <div className="field">
        <label htmlFor={ids.reason}>Reason for the edit (optional)</label>
        <input id={ids.reason} type="text" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {message && (
        <p id={ids.error} className="field-error" role="alert">
          {message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
