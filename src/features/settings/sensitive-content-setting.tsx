import { useId } from 'react';
import { preferences, useAlwaysShowSensitive } from '../../lib/preferences';

/** Stored in this browser only; every post card's sensitive gate follows it at once. */
export function SensitiveContentSetting() {
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
        <label htmlFor={`${id}-input`}>Always show sensitive content</label>
      </div>
      <p id={`${id}-hint`} className="hint">
        Posts marked as sensitive (NSFW) are hidden until you choose to show each one. Turn this on to show them
        directly. This is saved in this browser only.
      </p>
    </div>
  );
}
