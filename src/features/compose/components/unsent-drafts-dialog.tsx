import { Modal } from '../../../components/ui/modal';

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
  const one = count === 1;
  const them = one ? 'it' : 'them';
  const drafts = one ? 'draft' : 'drafts';
  return (
    <Modal
      title="Sign out with unsent drafts?"
      onClose={onCancel}
      description={
        <p>
          You have {count} unsent {drafts}. Keep {them} on this device for next time, or discard {them}?
        </p>
      }
    >
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onKeep}>
          Keep {drafts} and sign out
        </button>
        <button type="button" className="button button-danger" onClick={onDiscard}>
          Discard {drafts} and sign out
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
