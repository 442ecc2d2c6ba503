import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import { useMe } from '../../entities/session/use-me';
import { useSession } from '../../entities/session/use-session';
import { preferences, useAlwaysShowSensitive } from '../../lib/preferences';
import './settings.css';

/**
 * Stored in this browser for the signed-in account only; every post card's sensitive gate follows it at
 * once. Signed out (or until the account is known) it is off and cannot be changed.
 */
export function SensitiveContentSetting() {
  const t = useT();
  const checked = useAlwaysShowSensitive();
  // The account whose choice this is (the one in force in lib/preferences.ts): none while signed out.
  const me = useMe();
  const account = useSession().signedIn ? (me.data?.username ?? null) : null;
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
