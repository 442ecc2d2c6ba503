import { type ComponentType } from 'react';
// In every first load already (the token store tells it of a change of account): imported as it is.
import { readAccountData } from '../entities/account/account-data';
import { createStore, useStore } from '../lib/external-store';
import { withLaterMessages } from '../i18n/i18n';
import { SignOutRoute } from './later-routes';

type DialogComponent = ComponentType<{
  count: number;
  onSignOut: (choice: { discard: boolean; remove: boolean }) => void;
  onCancel: () => void;
}>;

/** Signs out; `remove`: and removes what this device keeps for the accounts signing out (features/auth/sign-out.ts). */
type SignOut = (remove?: boolean) => void;

interface Pending {
  count: number;
  signOut: SignOut;
  discard: () => void;
  Dialog: DialogComponent;
}

/**
 * Sign out, asking first when the accounts signing out (the one in use, or all of them; their local
 * ids) keep something the person left on this device: unsent drafts (counted together), mutes or
 * settings. The question offers to remove all of it, saved posts and the rest of the
 * account's data included ("Also remove this account's drafts, saved posts, mutes and settings from
 * this device", off by default). Here, where the app puts auth and compose together.
 * Asked in place (the page stays behind the dialog), so Cancel leaves the person where they were,
 * with what they were writing.
 */
const question = createStore<Pending | null>(null);
const setPending = question.set;

/** Asks (app/layout.tsx loads this module when Sign out is pressed). */
export function askSignOut(accounts: ReadonlyArray<string | null | undefined>, signOutNow: SignOut) {
  // The page that signs out loads now (it is no part of the first load); signing out waits for it,
  // so no loading state flashes between the press and the next account's (or the signed-out) home.
  const ready = SignOutRoute.preload();
  const signOut: SignOut = (remove) => void ready.then(
    () => signOutNow(remove),
    () => signOutNow(remove),
  );
  const known = accounts.filter((account): account is string => !!account);
  if (!known.length) return signOut();
  // The stores and the dialog load when sign-out is pressed, not with the first page (feed budget).
  Promise.all([
    import('../entities/draft/draft-store'),
    withLaterMessages(import('../features/compose/components/unsent-drafts-dialog')),
  ]).then(
    ([{ countDrafts, discardDrafts }, { UnsentDraftsDialog }]) => {
      const count = known.reduce((sum, account) => sum + countDrafts(account), 0);
      const kept = known.some((account) => readAccountData(account, 'mutes') !== null || readAccountData(account, 'prefs') !== null || readAccountData(account, 'saved') !== null);
      if (count === 0 && !kept) return signOut();
      setPending({
        count,
        signOut,
        discard: () => known.forEach(discardDrafts),
        Dialog: UnsentDraftsDialog,
      });
    },
    // It could not load (offline after an update): sign out keeping the drafts, which only
    // this account can see again, rather than not at all.
    () => signOut(),
  );
}

/** The question, while one is asked. */
export function SignOutQuestion() {
  const pending = useStore(question);
  if (!pending) return null;
  const { Dialog, count, signOut, discard } = pending;
  const close = () => setPending(null);
  const dialog = (
    <Dialog
      count={count}
      onSignOut={(choice) => {
        if (choice.discard) discard();
        close();
        signOut(choice.remove);
      }}
      onCancel={close}
    />
  );
  return dialog;
}
