import { useAccountMuteToggle } from '../../../entities/mute/mute-store';
import type { UserSummary } from '../../../lib/api/schemas';
import { keepFocusAfterRemoval } from '../../../lib/keep-focus';

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
