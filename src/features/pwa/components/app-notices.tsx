import { useOnline } from '../../../lib/online-status';
import { useAppUpdate } from '../update-store';

/** What these notices say, in one place for translation. */
export const NOTICE_TEXT = {
  offline: "You're offline. Showing what was already loaded; posting is paused.",
  updateAvailable: 'A new version is available.',
  reload: 'Reload',
} as const;

/**
 * The app-wide notices at the top of the page: offline, and a new version waiting. The polite
 * live regions are always in the page, so a screen reader hears the text when it appears.
 */
export function AppNotices() {
  const online = useOnline();
  const applyUpdate = useAppUpdate();
  return (
    <div className="app-notices">
      <div role="status">{!online && <p className="app-notice">{NOTICE_TEXT.offline}</p>}</div>
      <div role="status">
        {applyUpdate && (
          <p className="app-notice">
            {NOTICE_TEXT.updateAvailable}{' '}
            <button type="button" className="button" onClick={applyUpdate}>
              {NOTICE_TEXT.reload}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
