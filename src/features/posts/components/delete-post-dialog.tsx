import { useId, useState } from 'react';
import { showOutcome } from '../../../components/ui/outcome-notice';
import { keepFocusAfterRemoval } from '../../../lib/keep-focus';
import { useT } from '../../../i18n/use-t';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../components/ui/states';
import type { Post } from '../../../lib/api/schemas';
import { useDeletePost } from '../api/delete-post';

/** Deleting asks first, and offers the spec's optional reason. */
export function DeletePostDialog({ post, onClose, onDeleted }: { post: Post; onClose: () => void; onDeleted?: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const remove = useDeletePost();
  const reasonId = useId();
  return (
    <Modal title={t('actions.deleteTitle')} onClose={onClose} description={<p>{t('actions.deleteText')}</p>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (remove.isPending) return;
          // mutateAsync: the card (and this dialog) may unmount once the post leaves the cache,
          // and mutate's per-call callbacks would then never run.
          // Focus goes to the post now in its place (the feed), once the card leaves.
          const card = document.querySelector<HTMLElement>(`article[data-post-id="${CSS.escape(post.id)}"]`);
          remove
            .mutateAsync({ id: post.id, reason: reason.trim() || undefined })
            .then(() => {
              if (card) keepFocusAfterRemoval(card);
              onDeleted?.();
              showOutcome({ text: t('notice.postDeleted') });
            })
            .catch(() => undefined);
        }}
      >
        <div className="field">
          <label htmlFor={reasonId}>{t('actions.deleteReason')}</label>
          <input id={reasonId} type="text" dir="auto" value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {remove.isError && (
          <p className="field-error" role="alert">
            {errorMessage(remove.error)}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-danger" aria-busy={remove.isPending}>
            {remove.isPending ? t('actions.deleting') : t('actions.delete')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
