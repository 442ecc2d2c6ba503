import { laterText } from '../../../i18n/i18n';
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
  // Its words load on demand: the offer shows once they are here (a moment after it is made).
  // Asked for only then: laterText loads the later catalog when its text is missing.
  const update = applyUpdate && laterText('onDemand.updateAvailable');
  return (
    <div className="app-notices">
      <div role="status">{!online && <p className="app-notice">{t('app.offline')}</p>}</div>
      <div role="status">
        {update && (
          <p className="app-notice">
            {update}{' '}
            <button type="button" className="button" onClick={applyUpdate}>
              {laterText('onDemand.reload')}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
