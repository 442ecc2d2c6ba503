import { useId, useState } from 'react';
import { readLanguagePreference, type LanguagePreference } from '../../i18n/i18n';
import { setLanguagePreference } from './language-preference';
import { LOCALES, isLocale, type Locale } from '../../i18n/locales';
import { useT } from '../../i18n/use-t';

/**
 * Each language named in itself, as the picker shows it. Here, with the picker, rather than beside
 * LOCALES (src/i18n/locales.ts): no first screen names a language (issue 37).
 */
const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ar: 'العربية', pl: 'Polski' };

/** The interface's language: the browser's (default) or one chosen here, remembered on this device. */
export function LanguageSetting() {
  const t = useT();
  const id = useId();
  const [preference, setPreference] = useState<LanguagePreference>(readLanguagePreference);
  const [failed, setFailed] = useState(false);
  const choose = (value: string) => {
    const next: LanguagePreference = isLocale(value) ? value : 'auto';
    setPreference(next);
    setFailed(false);
    setLanguagePreference(next).catch(() => setFailed(true));
  };
  return (
    <div className="setting">
      <label htmlFor={`${id}-select`}>{t('settings.language')}</label>
      <select id={`${id}-select`} value={preference} aria-describedby={`${id}-hint`} onChange={(e) => choose(e.target.value)}>
        <option value="auto">{t('settings.languageAuto')}</option>
        {LOCALES.map((locale) => (
          // Each language is named in itself, so a person who can't read the current one still finds theirs.
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="hint">
        {t('settings.languageHint')}
      </p>
      {failed && (
        <p className="field-error" role="alert">
          {t('settings.languageFailed')}
        </p>
      )}
    </div>
  );
}
