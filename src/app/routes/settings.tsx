import { useEffect } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { EditProfileLink } from '../../features/profile/components/edit-profile-link';
import { SensitiveContentSetting } from '../../features/settings/sensitive-content-setting';
import { ShortcutsList } from '../../features/settings/shortcuts-list';

export function SettingsRoute() {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Settings · Social';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <div className="page page-narrow settings">
      <PageHeading>Settings</PageHeading>
      {/*
        Offered signed out too: the form asks to sign in first, then comes back. (Reading the session
        here cost the feed's first load 240 bytes gzip: the bundler split a shared chunk out of it.)
      */}
      <section className="settings-section" aria-labelledby="settings-profile">
        <h2 id="settings-profile">Profile</h2>
        <p>Your display name, username, bio, avatar and banner.</p>
        <EditProfileLink />
      </section>
      <section className="settings-section" aria-labelledby="settings-content">
        <h2 id="settings-content">Content</h2>
        <SensitiveContentSetting />
      </section>
      <section className="settings-section" aria-labelledby="settings-shortcuts">
        <h2 id="settings-shortcuts">Keyboard shortcuts</h2>
        <p className="hint">
          Single keys, ignored while you type in a text field. Press <kbd>?</kbd> anywhere to see them.
        </p>
        <ShortcutsList />
      </section>
      <section className="settings-section" aria-labelledby="settings-appearance">
        <h2 id="settings-appearance">Appearance</h2>
        <p>The app follows your system’s light or dark setting; change it there to switch.</p>
      </section>
    </div>
  );
}
