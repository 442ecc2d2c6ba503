import { useState, type ComponentType } from 'react';
import { withLaterMessages } from '../i18n/i18n';

type DialogComponent = ComponentType<{ count: number; onKeep: () => void; onDiscard: () => void; onCancel: () => void }>;

interface Pending {
  count: number;
  signOut: () => void;
  discard: () => void;
  Dialog: DialogComponent;
}

/**
 * Sign out, asking first when the accounts signing out (the one in use, or all of them) keep
 * unsent drafts on the device; the question counts them together. Here, where the
 * app puts auth and compose together: the account menu knows who is signed in, the compose
 * feature knows their drafts. Asked in place (the page stays behind the dialog), so Cancel
 * leaves the person where they were, with what they were writing.
 */
export function useSignOutDrafts() {
  const [pending, setPending] = useState<Pending | null>(null);

  function onSignOut(accounts: ReadonlyArray<string | null | undefined>, signOut: () => void) {
    const known = accounts.filter((account): account is string => !!account);
    if (!known.length) return signOut();
    // The draft store and the dialog load when sign-out is pressed, not with the first page (feed budget).
    Promise.all([import('../entities/draft/draft-store'), withLaterMessages(import('../features/compose/components/unsent-drafts-dialog'))]).then(
      ([{ countDrafts, discardDrafts }, { UnsentDraftsDialog }]) => {
        const count = known.reduce((sum, account) => sum + countDrafts(account), 0);
        if (count === 0) return signOut();
        setPending({ count, signOut, discard: () => known.forEach(discardDrafts), Dialog: UnsentDraftsDialog });
      },
      // It could not load (offline after an update): sign out keeping the drafts, which only
      // this account can see again, rather than not at all.
      () => signOut(),
    );
  }

  if (!pending) return { onSignOut, dialog: null };
  const { Dialog, count, signOut, discard } = pending;
  const close = () => setPending(null);
  const dialog = (
    <Dialog
      count={count}
      onKeep={() => {
        close();
        signOut();
      }}
      onDiscard={() => {
        discard();
        close();
        signOut();
      }}
      onCancel={close}
    />
  );
  return { onSignOut, dialog };
}
