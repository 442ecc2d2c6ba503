import { useState } from 'react';
import { errorMessage } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { useUpdatePost } from '../api/update-post';
import { DeletePostDialog } from './delete-post-dialog';
import { EditPostForm } from './edit-post-form';

function toggleError(error: unknown): string {
  if (isApiError(error) && error.kind === 'forbidden') {
    return `The server refused: only the author can change this post.${error.reason ? ` (${error.reason})` : ''}`;
  }
  return `The change was undone: ${errorMessage(error)}`;
}

/**
 * Author actions for the signed-in person's own post. The server stays the authority: a refusal
 * is explained and the optimistic change rolled back.
 */
export function PostActions({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toggle = useUpdatePost(post.id);

  if (editing) return <EditPostForm post={post} onDone={() => setEditing(false)} />;
  return (
    <div className="post-actions">
      <button type="button" className="link-button" onClick={() => setEditing(true)}>
        Edit
      </button>
      <button type="button" className="link-button" onClick={() => toggle.mutate({ lock: !post.lock })}>
        {post.lock ? 'Unlock' : 'Lock'}
      </button>
      <button type="button" className="link-button" onClick={() => toggle.mutate({ nsfw: !post.nsfw })}>
        {post.nsfw ? 'Unmark sensitive' : 'Mark sensitive'}
      </button>
      <button type="button" className="link-button link-danger" onClick={() => setConfirmDelete(true)}>
        Delete
      </button>
      {toggle.isError && (
        <p className="field-error" role="alert">
          {toggleError(toggle.error)}
        </p>
      )}
      {confirmDelete && <DeletePostDialog post={post} onClose={() => setConfirmDelete(false)} onDeleted={onDeleted} />}
    </div>
  );
}
