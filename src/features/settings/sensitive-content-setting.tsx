import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import { preferences, useAlwaysShowSensitive } from '../../lib/preferences';
import './settings.css';

/** Stored in this browser only; every post card's sensitive gate follows it at once. */
export function SensitiveContentSetting() {
  const t = useT();
  const checked = useAlwaysShowSensitive();
  const id = useId();
  return (
    <div className="setting">
      <div className="setting-control">
        <input
          id={`${id}-input`}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(e) => preferences.setAlwaysShowSensitive(e.target.checked)}
        />
        <label htmlFor={`${id}-input`}>{t('settings.sensitiveLabel')}</label>
      </div>
      <p id={`${id}-hint`} className="hint">
        {t('settings.sensitiveHint')}
      </p>
    </div>
  );
}
