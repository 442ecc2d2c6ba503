import { Modal } from '../../components/ui/modal';
import { useT } from '../../i18n/use-t';
import { ShortcutsList } from './shortcuts-list';
import './settings.css';

/** The shortcut help itself: loaded the first time "?" is pressed, not with the first page. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('settings.shortcutsSection')} onClose={onClose}>
      <ShortcutsList />
      <div className="shortcuts-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('settings.close')}
        </button>
      </div>
    </Modal>
  );
}
