import '../signed-out-notice';
import { useQueryClient } from '@tanstack/react-query';
import { nameOtherAccounts } from '../name-accounts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Account } from '../../../entities/account/token-store';
import { useSession } from '../../../entities/account/use-session';
import { useT } from '../../../i18n/use-t';
import { accountLabel, putAccountInUse } from '../switch-account';
import { AddAccountDialog } from './add-account-dialog';

/** Pages that belong to the account in use: another account leaves them for the feed. */
const OWN_PAGES = new Set(['/profile/edit']);

interface AccountsListProps {
  id: string;
  accounts: readonly Pick<Account, 'username' | 'name'>[];
  /** Index of the account in use. */
  current: number;
  onSwitch: (index: number) => void;
  /** Add account was pressed. */
  onAdd: () => void;
  onSignOutAll: () => void;
  /** Escape, or a press outside the menu. */
  onDismiss?: () => void;
}

/**
 * The accounts signed in in this tab: the one in use marked (aria-current), a "Switch to …" button
 * for each other, Add account and Sign out of all accounts. Presentational (the gallery shows it).
 */
export function AccountsList({ id, accounts, current, onSwitch, onAdd, onSignOutAll, onDismiss }: AccountsListProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  // Before the menu is painted, as the modal's: Escape pressed as it appears closes it. With
  // useEffect the listener came a task after the menu showed when it opened from a promise (its
  // code loaded), and an Escape in between was lost (a fresh clone's app.accounts test, 2026-12-01).
  useLayoutEffect(() => {
    if (!onDismiss) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    // The menu is the panel and the button that opened it (its parent holds both).
    const onPress = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !ref.current?.parentElement?.contains(event.target)) onDismiss();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [onDismiss]);
  return (
    <div ref={ref} id={id} className="accounts-panel card" role="group" aria-label={t('accounts.title')}>
      <ul className="accounts-list">
        {accounts.map((account, index) =>
          index === current ? (
            <li key={index} aria-current="true" className="accounts-current">
              {t('accounts.inUse', { label: accountLabel(account, index) })}
            </li>
          ) : (
            <li key={index}>
              <button type="button" className="button" onClick={() => onSwitch(index)}>
                {t('accounts.switchTo', { label: accountLabel(account, index) })}
              </button>
            </li>
          ),
        )}
      </ul>
      <div className="accounts-actions">
        <button type="button" className="button" aria-haspopup="dialog" onClick={onAdd}>
          {t('accounts.add')}
        </button>
        <button type="button" className="button" onClick={onSignOutAll}>
          {t('accounts.signOutAll')}
        </button>
      </div>
    </div>
  );
}

interface AccountsPanelProps {
  id: string;
  /** Close the panel, focus back on its button. */
  onClose: () => void;
  /** Sign out of all accounts was pressed (the app may ask about drafts first). */
  onSignOutAll: () => void;
}

/** The account menu's panel, loaded on demand: switching needs no token. */
export function AccountsPanel({ id, onClose, onSignOutAll }: AccountsPanelProps) {
  const { accounts, token } = useSession();
  // An account still nameless (a reload before it answered): asked now, so the list names it.
  useEffect(() => nameOtherAccounts(), []);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [adding, setAdding] = useState(false);
  const current = accounts.findIndex((a) => a.token === token);
  // Another account in use: the menu closes, and a page of the one before goes to the feed (any
  // other page stays, started afresh as the new account's).
  const leave = () => {
    onClose();
    if (OWN_PAGES.has(pathname)) void navigate('/', { replace: true });
  };
  const switchTo = (index: number) => {
    const account = accounts[index];
    if (!account) return;
    leave();
    // The page starts afresh as the other account's, its heading taking focus; the notice is announced.
    putAccountInUse(queryClient, account.token);
  };
  return (
    <>
      <AccountsList
        id={id}
        accounts={accounts}
        current={current}
        onSwitch={switchTo}
        onAdd={() => setAdding(true)}
        onSignOutAll={onSignOutAll}
        // While the dialog is open, Escape and presses belong to it.
        onDismiss={adding ? undefined : onClose}
      />
      {adding && <AddAccountDialog onClose={() => setAdding(false)} onAdded={leave} />}
    </>
  );
}
