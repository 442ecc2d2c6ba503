import { useT } from '../../../i18n/use-t';
import { useOnline } from '../../../lib/online-status';
import { useAppUpdate } from '../update-store';

/**
 * The app-wide notices at the top of the page: offline, and a new version waiting. The polite
 * live regions are always in the page, so a screen reader hears the text when it appears.
 */
export function AppNotices() {
  const t = useT();
  const online = useOnline();
  const applyUpdate = useAppUpdate();
  return (
    <div className="app-notices">
      <div role="status">{!online && <p className="app-notice">{t('app.offline')}</p>}</div>
      <div role="status">
        {applyUpdate && (
          <p className="app-notice">
            {t('app.updateAvailable')}{' '}
            <button type="button" className="button" onClick={applyUpdate}>
              {t('app.reload')}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
