import { useT } from '../../../i18n/use-t';
import { registerShortcut } from '../../../lib/shortcuts';
import { toggleSaved, useSaved } from '../saved-store';

/**
 * "Save post" / "Saved, remove from saved" on every post (signed in: the post actions show only
 * then). A toggle (aria-pressed); kept on this device for the account in use, nothing is sent.
 */
export function SaveButton({ postId }: { postId: string }) {
  const t = useT();
  const saved = useSaved().includes(postId);
  return (
    <button type="button" className="link-button" aria-pressed={saved} data-save-post="" aria-keyshortcuts="s" onClick={() => toggleSaved(postId)}>
      {saved ? t('saved.unsave') : t('saved.save')}
    </button>
  );
}

/**
 * s saves (or unsaves) the post holding focus (j / k move it there): its own Save button is pressed,
 * so what it says and what is kept stay one. Not on a post, the key is left alone.
 */
export function saveFocusedPost(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('article[data-post-id]')?.querySelector<HTMLButtonElement>('button[data-save-post]');
  if (!button) return false;
  button.click();
  return true;
}

// Registered once, when the post actions (this module with them) arrive after the first content.
if (typeof document !== 'undefined') registerShortcut(['s'], saveFocusedPost);
