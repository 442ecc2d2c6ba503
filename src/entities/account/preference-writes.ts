/**
 * Changing the local preferences (preferences.ts reads them): only the settings and a device-data
 * import do, so this stays out of the first load's core chunk (vite.config.ts).
 */
import { writeAccountData } from './account-data-writes';
import { readPreferences } from './preferences';
import { accountIdOf } from './token-store';

export const preferences = {
  /** Saved for the account in use; with none known, nothing is saved (the setting is not offered then). */
  setAlwaysShowSensitive(value: boolean, id: string | null = accountIdOf()) {
    writeAccountData(id, 'prefs', JSON.stringify({ ...readPreferences(id), alwaysShowSensitive: value }));
  },
};
