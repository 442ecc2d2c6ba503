import { useEffect, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { isTextEntry } from './shortcuts';
import { ShortcutsList } from './shortcuts-list';

/**
 * "?" anywhere outside a text field opens the shortcut help. Modal moves focus in, keeps it
 * there, closes on Escape and gives focus back to where it was.
 */
export function ShortcutsDialog() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTextEntry(event.target)) return;
      // Never a second modal over another one (a delete confirmation, say).
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      setOpen(true);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <Modal title="Keyboard shortcuts" onClose={close}>
      <ShortcutsList />
      <div className="shortcuts-actions">
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}
