import { activateLocale, PREFERENCE_KEY, resolveLocale, storage, type LanguagePreference } from '../../i18n/i18n';

/**
 * The person's choice of language, kept on this device (i18n.ts reads it): it applies at once. Here,
 * with the settings that offer it, not in the first load.
 */
export async function setLanguagePreference(preference: LanguagePreference): Promise<void> {
  if (preference === 'auto') storage.remove(PREFERENCE_KEY);
  else storage.set(PREFERENCE_KEY, preference);
  await activateLocale(resolveLocale(preference));
}
