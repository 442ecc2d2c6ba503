import { useState } from 'react';
import { UnsentDraftsDialog } from '../features/compose/components/unsent-drafts-dialog';
import { countDrafts, discardDrafts } from '../features/compose/draft-store';

interface Pending {
  account: string;
  count: number;
  signOut: () => void;
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
    if (!account || count === 0) signOut();
    else setPending({ account, count, signOut });
  }

  const dialog = pending && (
    <UnsentDraftsDialog
      count={pending.count}
      onKeep={() => {
        setPending(null);
        pending.signOut();
      }}
      onDiscard={() => {
        discardDrafts(pending.account);
        setPending(null);
        pending.signOut();
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { onSignOut, dialog };
}
