import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../i18n/use-t';
import { useAddAccount } from '../add-account';
import { SignInForm } from './sign-in-form';

interface AddAccountDialogProps {
  onClose: () => void;
  /** The token was accepted: just before the new account is in use. */
  onAdded: () => void;
}

/**
 * Add account (from the account menu): the token form in a dialog; on success the new account is
 * in use and the one before stays signed in. A refused token says why and changes nothing.
 */
export function AddAccountDialog({ onClose, onAdded }: AddAccountDialogProps) {
  const t = useT();
  const add = useAddAccount({ beforeUse: onAdded });
  return (
    <Modal title={t('accounts.addTitle')} onClose={onClose} description={<p>{t('accounts.addText')}</p>}>
      <SignInForm signIn={add} submitLabel={t('accounts.addSubmit')}>
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('accounts.cancel')}
          </button>
        </div>
      </SignInForm>
    </Modal>
  );
}
