import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT, type Translate } from '../../../i18n/use-t';
import { errorMessage } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { useAccountId } from '../../../entities/account/token-store';
import { ShareAction } from './share-action';
import { useUpdatePost } from '../api/update-post';
import { DeletePostDialog } from './delete-post-dialog';
import { EditPostForm } from './edit-post-form';

/**
 * A click on a card that links its thread (a.post-replies) means "open this post" when it is a
 * plain primary click, not on anything of its own (a link, a button, a field, the sensitive gate)
 * and not the end of selecting text: it follows the card's own link to its thread. One listener for
 * every card, set when this module (off the first load) arrives.
 */
function openThreadOnCardClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : null;
  const card = target?.closest<HTMLElement>('article.post-card');
  const link = card?.querySelector<HTMLElement>('a.post-replies');
  if (!target || !card || !link) return;
  if (target.closest('a, button, input, textarea, select, label, summary, details, dialog, [role="button"], [role="dialog"], form, .post-more')) return;
  const selection = window.getSelection();
  if (selection && !selection.isCollapsed && card.contains(selection.anchorNode)) return;
  link.click();
}
if (typeof document !== 'undefined') document.addEventListener('click', openThreadOnCardClick);

function toggleError(error: unknown, t: Translate): string {
  if (isApiError(error) && error.kind === 'forbidden') {
    return error.reason ? t('actions.toggleForbiddenReason', { reason: error.reason }) : t('actions.toggleForbidden');
  }
  return t('actions.toggleUndone', { reason: errorMessage(error) });
}

interface PostActionsProps {
  post: Post;
  /** The post is the signed-in person's own. */
  own: boolean;
  onDeleted?: () => void;
  /** What a post by anyone else offers beside Share (the app gives "Mute @name"). */
  others?: ReactNode;
  /** What every post offers after Share, one's own too (the app gives "Save post"). */
  every?: ReactNode;
}

/**
 * A post's actions: a link to share on every post; on the signed-in person's own post the
 * author's (edit, lock, sensitive, delete), on anyone else's `others`. The server stays the
 * authority over the author's: a refusal is explained and the optimistic change rolled back.
 */
export function PostActions({ post, own, onDeleted, others, every }: PostActionsProps) {
  const [editing, setEditing] = useState(false);
  // All at once, when who is signed in is known (which posts are one's own, what Mute applies to):
  // a row that grew as that arrived would move on screen (a layout shift).
  const account = useAccountId();
  if (account === null) return null;
  if (editing) {
    return (
      <EditPostForm
        post={post}
        onDone={(form) => {
          // Back to the post (with its saved text), not to the page's start: the form leaves.
          const article = form?.closest('article');
          setEditing(false);
          if (article) focusPost(article);
        }}
      />
    );
  }
  return (
    <div className="post-actions">
      <ShareAction post={post} />
      {own ? (
        <AuthorActions post={post} onEdit={() => setEditing(true)} onDeleted={onDeleted} more={every} />
      ) : (
        // On a phone Save and Mute wait behind "More": the row beside Reply stays one line, so a card
        // is as tall before its actions arrive (after the first content) as after (no shift on a reload).
        (every || others) && (
          <More>
            {every}
            {others}
          </More>
        )
      )}
    </div>
  );
}

function focusPost(article: HTMLElement): void {
  // A thread's own post is not in the tab order: focusable from script only.
  if (!article.hasAttribute('tabindex')) article.setAttribute('tabindex', '-1');
  article.focus();
}

/**
 * The author's actions. On a phone Save, Lock, Mark sensitive and Delete wait behind "More" (a disclosure:
 * Escape or a press elsewhere closes it, focus back on "More"), so the row stays one line; on wider
 * screens "More" is not shown and they sit in the row (styles.css: .post-more).
 */
function AuthorActions({ post, onEdit, onDeleted, more: first }: { post: Post; onEdit: () => void; onDeleted?: () => void; more?: ReactNode }) {
  const t = useT();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toggle = useUpdatePost(post.id);
  return (
    <>
      <button type="button" className="link-button" onClick={onEdit}>
        {t('actions.edit')}
      </button>
      <More keepOpen={confirmDelete}>
        {first}
        <button type="button" className="link-button" onClick={() => toggle.mutate({ lock: !post.lock })}>
          {post.lock ? t('actions.unlock') : t('actions.lock')}
        </button>
        <button type="button" className="link-button" onClick={() => toggle.mutate({ nsfw: !post.nsfw })}>
          {post.nsfw ? t('actions.unmarkSensitive') : t('actions.markSensitive')}
        </button>
        <button type="button" className="link-button link-danger" onClick={() => setConfirmDelete(true)}>
          {t('actions.delete')}
        </button>
      </More>
      {toggle.isError && (
        <p className="field-error" role="alert">
          {toggleError(toggle.error, t)}
        </p>
      )}
      {confirmDelete && <DeletePostDialog post={post} onClose={() => setConfirmDelete(false)} onDeleted={onDeleted} />}
    </>
  );
}

/**
 * Actions that wait behind "More" on a phone (a disclosure: Escape or a press elsewhere closes it,
 * focus back on "More"), so the row stays one line; on wider screens "More" is not shown and they
 * sit in the row (styles.css: .post-more). `keepOpen` holds it open while a dialog it opened is up.
 */
function More({ children, keepOpen = false }: { children: ReactNode; keepOpen?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open || keepOpen) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!button.current?.contains(target) && !document.getElementById(id)?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, keepOpen, id]);
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="link-button post-more-toggle"
        aria-label={t('actions.moreLabel')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        onKeyDown={closeOnEscape}
      >
        {t('actions.more')}
      </button>
      <span id={id} className="post-more" data-open={open || undefined} onKeyDownCapture={closeOnEscape}>
        {children}
      </span>
    </>
  );
}
