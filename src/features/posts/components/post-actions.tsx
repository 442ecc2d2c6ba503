import { useState } from 'react';
import { useT, type Translate } from '../../../i18n/use-t';
import { errorMessage } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { useUpdatePost } from '../api/update-post';
import { DeletePostDialog } from './delete-post-dialog';
import { EditPostForm } from './edit-post-form';

function toggleError(error: unknown, t: Translate): string {
  if (isApiError(error) && error.kind === 'forbidden') {
    return error.reason ? t('post.toggleForbiddenReason', { reason: error.reason }) : t('post.toggleForbidden');
  }
  return t('post.toggleUndone', { reason: errorMessage(error) });
}

/**
 * Author actions for the signed-in person's own post. The server stays the authority: a refusal
 * is explained and the optimistic change rolled back.
 */
export function PostActions({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toggle = useUpdatePost(post.id);

  if (editing) return <EditPostForm post={post} onDone={() => setEditing(false)} />;
  return (
    <div className="post-actions">
      <button type="button" className="link-button" onClick={() => setEditing(true)}>
        {t('post.edit')}
      </button>
      <button type="button" className="link-button" onClick={() => toggle.mutate({ lock: !post.lock })}>
        {post.lock ? t('post.unlock') : t('post.lock')}
      </button>
      <button type="button" className="link-button" onClick={() => toggle.mutate({ nsfw: !post.nsfw })}>
        {post.nsfw ? t('post.unmarkSensitive') : t('post.markSensitive')}
      </button>
      <button type="button" className="link-button link-danger" onClick={() => setConfirmDelete(true)}>
        {t('post.delete')}
      </button>
      {toggle.isError && (
        <p className="field-error" role="alert">
          {toggleError(toggle.error, t)}
        </p>
      )}
      {confirmDelete && <DeletePostDialog post={post} onClose={() => setConfirmDelete(false)} onDeleted={onDeleted} />}
    </div>
  );
}
