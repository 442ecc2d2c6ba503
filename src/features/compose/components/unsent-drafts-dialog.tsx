import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../i18n/use-t';

interface UnsentDraftsDialogProps {
  /** Unsent drafts of the accounts signing out (0: the question is about their other data). */
  count: number;
  /** Sign out; `discard`: their drafts go; `remove`: everything this device keeps for them goes. */
  onSignOut: (choice: { discard: boolean; remove: boolean }) => void;
  onCancel: () => void;
}

/**
 * Asked at sign-out when the accounts signing out keep something on this device (drafts, mutes,
 * settings): kept, it is back when the same person signs in again (and shown to nobody else);
 * "Also remove…" (off by default) takes all of it with them. Keep comes first, so Enter on the
 * focused button never throws text away.
 */
export function UnsentDraftsDialog({ count, onSignOut, onCancel }: UnsentDraftsDialogProps) {
  const t = useT();
  const id = useId();
  const [remove, setRemove] = useState(false);
  return (
    <Modal
      title={t(count > 0 ? 'compose.unsentTitle' : 'accounts.signOutTitle')}
      onClose={onCancel}
      description={<p>{count > 0 ? t('compose.unsentText', { count }) : t('accounts.signOutText')}</p>}
    >
      <div className="setting-control">
        <input id={`${id}-remove`} type="checkbox" checked={remove} onChange={(e) => setRemove(e.target.checked)} />
        <label htmlFor={`${id}-remove`}>{t('accounts.removeData')}</label>
      </div>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={() => onSignOut({ discard: remove, remove })}>
          {count > 0 && !remove ? t('compose.keepDrafts', { count }) : t('accounts.signOutConfirm')}
        </button>
        {count > 0 && !remove && (
          <button type="button" className="button button-danger" onClick={() => onSignOut({ discard: true, remove })}>
            {t('compose.discardDrafts', { count })}
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {t('compose.cancel')}
        </button>
      </div>
    </Modal>
  );
}
