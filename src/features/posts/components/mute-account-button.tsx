import { useAccountMuteToggle } from '../../../entities/mute/mute-store';
import type { UserSummary } from '../../../lib/api/schemas';

/**
 * "Mute @name" / "Unmute @name" on a post by someone else (the caller decides that). Kept in this
 * browser for the account in use (entities/mute); nothing is sent. Signed out, or for an author
 * the server sent without a uuid, nothing is offered.
 */
export function MuteAccountButton({ user }: { user: Pick<UserSummary, 'uuid' | 'username'> }) {
  const mute = useAccountMuteToggle(user);
  if (!mute) return null;
  return (
    <button
      type="button"
      className="link-button"
      onClick={(event) => {
        // The post may leave the page with this button (the feed): focus goes to the notice's Undo,
        // and back to the post if it is undone. In a thread the reply folds: focus goes to its line.
        const control = event.currentTarget;
        const postId = control.closest('article')?.getAttribute('data-post-id');
        if (!mute.muted && control.closest('[data-index]') && postId) {
          mute.toggle({ focusAction: true, refocus: () => document.querySelector<HTMLElement>(`article[data-post-id="${CSS.escape(postId)}"]`) });
          return;
        }
        if (!mute.muted) keepFocusAfterRemoval(control);
        mute.toggle();
      }}
    >
      {mute.label}
    </button>
  );
}

/**
 * After `control` leaves the page (its post was muted away), focus goes to the post now in its
 * place in the feed (or the one before), or to the collapsed reply's own line in a thread, never
 * to the page's start. Nothing happens if it stays.
 */
function keepFocusAfterRemoval(control: HTMLElement): void {
  const feedItem = control.closest('[data-index]');
  const list = feedItem?.closest('[role="feed"]');
  const reply = control.closest('li');
  const index = Number(feedItem?.getAttribute('data-index') ?? -1);
  const place = (): HTMLElement | null => {
    if (reply?.isConnected) return reply.querySelector<HTMLElement>('button, a[href]') ?? reply;
    if (!list?.isConnected) return null;
    return (
      list.querySelector<HTMLElement>(`[data-index="${index}"] article`) ??
      list.querySelector<HTMLElement>(`[data-index="${index - 1}"] article`) ??
      (list as HTMLElement)
    );
  };
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    observer.disconnect();
    place()?.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 5_000);
}
