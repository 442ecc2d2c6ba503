import { Fragment } from 'react';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsList() {
  return (
    <dl className="shortcuts-list">
      {SHORTCUTS.map((shortcut) => (
        <div key={shortcut.action} className="shortcuts-row">
          <dt>
            {shortcut.keys.map((key, i) => (
              <Fragment key={key}>
                {i > 0 && ' or '}
                <kbd>{key}</kbd>
              </Fragment>
            ))}
          </dt>
          <dd>{shortcut.action}</dd>
        </div>
      ))}
    </dl>
  );
}
