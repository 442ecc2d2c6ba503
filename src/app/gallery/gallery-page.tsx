import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { AccountsSpecimens } from './accounts-specimens';
import { BlogSpecimens } from './blog-specimens';
import { ComposerSpecimens } from './composer-specimens';
import { DeviceDataSpecimens } from './device-data-specimens';
import { PostCardSpecimens } from './post-card-specimens';
import { ProfileSpecimens } from './profile-specimens';
import { RepliesSpecimens } from './replies-specimens';
import { SavedSpecimens } from './saved-specimens';
import { StateSpecimens } from './state-specimens';
import { ThemeToggle, type GalleryTheme } from './theme-toggle';
import { English } from './gallery-layout';
import { ThreadSpecimens } from './thread-specimens';
import { VisitSpecimens } from './visit-specimens';
import './gallery.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Every component in every state, from static sample data, in the theme chosen here. Mock mode only. */
export function GalleryPage() {
  const [theme, setTheme] = useState<GalleryTheme>('system');
  useDocumentTitle('States gallery · Social');
  return (
    <div className="page gallery">
      <PageHeading>
        <English>States gallery</English>
      </PageHeading>
      <p className="hint">
        <English>
          The app&apos;s components in each of their states, from sample data of the gallery&apos;s own (not the mock
          backend&apos;s). Nothing here sends anything.
        </English>
      </p>
      <ThemeToggle value={theme} onChange={setTheme} />
      <div className="gallery-canvas" data-theme={theme === 'system' ? undefined : theme}>
        <PostCardSpecimens />
        <ThreadSpecimens />
        <ComposerSpecimens />
        <ProfileSpecimens />
        <BlogSpecimens />
        <AccountsSpecimens />
        <RepliesSpecimens />
        <SavedSpecimens />
        <DeviceDataSpecimens />
        <StateSpecimens />
        <VisitSpecimens />
      </div>
    </div>
  );
}
