/**
 * What the layout starts once the first content is on screen (app/layout.tsx), from one chunk: the
 * signed-in person's uuid learned from their posts, the count in the tab, and the app-wide keys (n
 * for a new post, ? for their help; lib/shortcuts.ts comes with them). A key pressed before this
 * has arrived, in the moment after the first paint, does nothing.
 */
import { useSession } from '../entities/account/use-session';
import { ShortcutsDialog } from '../features/settings/shortcuts-dialog';
import { LearnOwnUuid } from './learn-own-uuid';
import { TabCount } from './tab-count';
import { useGlobalShortcuts } from './use-global-shortcuts';

export function AfterFirstContent() {
  useGlobalShortcuts(useSession().signedIn);
  return (
    <>
      <LearnOwnUuid />
      <TabCount />
      <ShortcutsDialog />
    </>
  );
}
