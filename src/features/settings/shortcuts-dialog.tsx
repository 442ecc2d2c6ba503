import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { useT } from '../../i18n/use-t';
import { useShortcut } from '../../lib/shortcuts';
import { ShortcutsList } from './shortcuts-list';

/**
 * "?" opens the shortcut help (not while typing, and never over another dialog: lib/shortcuts.ts).
 * Modal moves focus in, keeps it there, closes on Escape and gives focus back to where it was.
 */
export function ShortcutsDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  useShortcut(['?'], () => setOpen(true));

  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <Modal title={t('settings.shortcutsSection')} onClose={close}>
      <ShortcutsList />
      <div className="shortcuts-actions">
        <button type="button" className="button" onClick={close}>
          {t('settings.close')}
        </button>
      </div>
    </Modal>
  );
}
