import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountOf, useAccountId } from '../entities/account/token-store';
import { useT } from '../i18n/use-t';

/**
 * Settings → "Remove this account's data from this device": the same as signing out with "Also
 * remove…" ticked (features/auth/sign-out.ts), for the account in use (a section of Settings). Asked in place first (two
 * steps, Cancel keeps everything); shown only when who the account is is known.
 */
export function RemoveAccountData() {
  const t = useT();
  const navigate = useNavigate();
  const account = useAccountId();
  const [asking, setAsking] = useState(false);
  if (!account) return null;
  const name = accountOf()?.username ?? '';
  return (
    <section className="settings-section" aria-labelledby="settings-device-data">
      <h2 id="settings-device-data">{t('accounts.removeTitle')}</h2>
      <p>{t('accounts.removeHint', { name: `@${name}` })}</p>
      {asking ? (
        <div className="form-actions" role="group" aria-label={t('accounts.removeTitle')}>
          <button
            type="button"
            className="button button-danger"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the second step of a question the person just asked for
            autoFocus
            onClick={() => void navigate('/sign-out', { replace: true, state: { signOut: true, remove: true } })}
          >
            {t('accounts.removeButton')}
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {t('accounts.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {t('accounts.removeTitle')}
        </button>
      )}
    </section>
  );
}
