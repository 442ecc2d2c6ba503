import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import { useAccountId } from '../../entities/account/token-store';
import { preferences } from '../../entities/account/preference-writes';
import { useAlwaysShowSensitive } from '../../entities/account/preferences';
import './settings.css';

/**
 * Stored in this browser for the signed-in account only; every post card's sensitive gate follows it at
 * once. Signed out (or until the account is known) it is off and cannot be changed.
 */
export function SensitiveContentSetting() {
  const t = useT();
  const checked = useAlwaysShowSensitive();
  // The account whose choice this is (entities/account): none while signed out or not known yet.
  const account = useAccountId();
  const id = useId();
  return (
    <div className="setting">
      <div className="setting-control">
        <input
          id={`${id}-input`}
          type="checkbox"
          checked={checked}
          disabled={account === null}
          aria-describedby={`${id}-hint`}
          onChange={(e) => preferences.setAlwaysShowSensitive(e.target.checked)}
        />
        <label htmlFor={`${id}-input`}>{t('settings.sensitiveLabel')}</label>
      </div>
      <p id={`${id}-hint`} className="hint">
        {t(account === null ? 'settings.sensitiveSignedOut' : 'settings.sensitiveHint')}
      </p>
    </div>
  );
}
