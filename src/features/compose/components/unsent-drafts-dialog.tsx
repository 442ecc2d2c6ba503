import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../i18n/use-t';

interface UnsentDraftsDialogProps {
  count: number;
  onKeep: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}

/**
 * Asked at sign-out when this account keeps unsent drafts on the device: kept, they are back
 * when the same person signs in again (and shown to nobody else); discarded, they are gone.
 * Keep comes first, so Enter on the focused button never throws text away.
 */
export function UnsentDraftsDialog({ count, onKeep, onDiscard, onCancel }: UnsentDraftsDialogProps) {
  const t = useT();
  return (
    <Modal title={t('compose.unsentTitle')} onClose={onCancel} description={<p>{t('compose.unsentText', { count })}</p>}>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onKeep}>
          {t('compose.keepDrafts', { count })}
        </button>
        <button type="button" className="button button-danger" onClick={onDiscard}>
          {t('compose.discardDrafts', { count })}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('compose.cancel')}
        </button>
      </div>
    </Modal>
  );
}
