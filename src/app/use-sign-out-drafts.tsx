import { useState, type ComponentType } from 'react';
import { countDrafts, discardDrafts } from '../entities/draft/draft-store';

type DialogComponent = ComponentType<{ count: number; onKeep: () => void; onDiscard: () => void; onCancel: () => void }>;

interface Pending {
  account: string;
  count: number;
  signOut: () => void;
  Dialog: DialogComponent;
}

/**
 * Sign out, asking first when this account keeps unsent drafts on the device. Here, where the
 * app puts auth and compose together: the account menu knows who is signed in, the compose
 * feature knows their drafts. Asked in place (the page stays behind the dialog), so Cancel
 * leaves the person where they were, with what they were writing.
 */
export function useSignOutDrafts() {
  const [pending, setPending] = useState<Pending | null>(null);

  function onSignOut(account: string | null, signOut: () => void) {
    const count = account ? countDrafts(account) : 0;
    if (!account || count === 0) return signOut();
    // The dialog loads when it is needed, not with the first page (feed budget).
    import('../features/compose/components/unsent-drafts-dialog').then(
      ({ UnsentDraftsDialog }) => setPending({ account, count, signOut, Dialog: UnsentDraftsDialog }),
      // It could not load (offline after an update): sign out keeping the drafts, which only
      // this account can see again, rather than not at all.
      () => signOut(),
    );
  }

  if (!pending) return { onSignOut, dialog: null };
  const { Dialog, account, count, signOut } = pending;
  const close = () => setPending(null);
  const dialog = (
    <Dialog
      count={count}
      onKeep={() => {
        close();
        signOut();
      }}
      onDiscard={() => {
        discardDrafts(account);
        close();
        signOut();
      }}
      onCancel={close}
    />
  );
  return { onSignOut, dialog };
}
