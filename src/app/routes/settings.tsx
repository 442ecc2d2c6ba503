import { PageHeading } from '../../components/ui/page-heading';
import { EditProfileLink } from '../../features/profile/components/edit-profile-link';
import { MuteSettings } from '../../features/mute/components/mute-settings';
import { LanguageSetting } from '../../features/settings/language-setting';
import { SensitiveContentSetting } from '../../features/settings/sensitive-content-setting';
import { ShortcutsList } from '../../features/settings/shortcuts-list';
import { DeviceDataSection } from '../device-data/device-data-section';
import { RemoveAccountData } from '../remove-account-data';
import { Trans } from '../../i18n/trans';
import { useT } from '../../i18n/use-t';
import '../../features/settings/settings.css';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SettingsRoute() {
  const t = useT();
  const title = t('settings.documentTitle');
  useDocumentTitle(title);
  return (
    <div className="page page-narrow settings">
      <PageHeading>{t('settings.title')}</PageHeading>
      <section className="settings-section" aria-labelledby="settings-language">
        <h2 id="settings-language">{t('settings.languageSection')}</h2>
        <LanguageSetting />
      </section>
      {/*
        Offered signed out too: the form asks to sign in first, then comes back. (Reading the session
        here cost the feed's first load 240 bytes gzip: the bundler split a shared chunk out of it.)
      */}
      <section className="settings-section" aria-labelledby="settings-profile">
        <h2 id="settings-profile">{t('settings.profileSection')}</h2>
        <p>{t('settings.profileText')}</p>
        <EditProfileLink />
      </section>
      <section className="settings-section" aria-labelledby="settings-content">
        <h2 id="settings-content">{t('settings.contentSection')}</h2>
        <SensitiveContentSetting />
      </section>
      <section className="settings-section" aria-labelledby="settings-muting">
        <h2 id="settings-muting">{t('mute.section')}</h2>
        <MuteSettings />
      </section>
      <DeviceDataSection />
      <RemoveAccountData />
      <section className="settings-section" aria-labelledby="settings-shortcuts">
        <h2 id="settings-shortcuts">{t('settings.shortcutsSection')}</h2>
        <p className="hint">
          <Trans id="settings.shortcutsHint" components={{ 0: <kbd /> }} />
        </p>
        <ShortcutsList />
      </section>
      <section className="settings-section" aria-labelledby="settings-appearance">
        <h2 id="settings-appearance">{t('settings.appearanceSection')}</h2>
        <p>{t('settings.appearanceText')}</p>
      </section>
    </div>
  );
}
