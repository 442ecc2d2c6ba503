import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { PencilIcon } from '../../../components/ui/icons';
import { useOwnUuid } from '../../../entities/account/own-uuid';
import { useMe } from '../../../entities/account/use-me';
import { useSession } from '../../../entities/account/use-session';
import { accountIdOf } from '../../../entities/account/token-store';
import { useT } from '../../../i18n/use-t';
import { withLaterMessages } from '../../../i18n/i18n';
import { lazyRoute } from '../../../lib/lazy-route';

// The accounts list, switching and adding: loaded when the Accounts button is pressed.
const AccountsPanel = lazyRoute(() => withLaterMessages(import('./accounts-panel')).then((m) => m.AccountsPanel));
import { Handle } from '../../../components/ui/handle';

interface AccountMenuProps {
  /**
   * Sign out (or Sign out of all accounts) was pressed: `signOut` goes ahead. Given, the app may ask
   * something first (unsent drafts, removing their data) and call it once the person has chosen.
   * `accounts`: the local ids of the accounts signing out, where known.
   */
  onSignOut?: (accounts: ReadonlyArray<string | null | undefined>, signOut: (remove?: boolean) => void) => void;
}

/**
 * Who is signed in, with a link to their profile once their uuid is known, and to editing it; Sign
 * out (the account in use); Accounts, a disclosure with the other signed-in accounts to switch to,
 * Add account and Sign out of all accounts.
 */
export function AccountMenu({ onSignOut }: AccountMenuProps) {
  const t = useT();
  const { signedIn, accounts } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = 'accounts-panel';
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const me = useMe();
  const uuid = useOwnUuid(me.data?.username);

  if (!signedIn) {
    if (open) setOpen(false);
    return (
      <Link className="button" to="/sign-in">
        {t('auth.signIn')}
      </Link>
    );
  }
  // Signing out happens on /sign-out, a page that needs no token: done here, a protected page
  // would redirect to sign-in before the (transition) navigation home could land.
  const signOut = (all?: boolean, remove?: boolean) => void navigate('/sign-out', { replace: true, state: { signOut: true, all, remove } });
  const ask = (all?: boolean) =>
    onSignOut ? onSignOut(all ? accounts.map((a) => a.id) : [accountIdOf()], (remove) => signOut(all, remove)) : signOut(all);
  const name = me.data ? me.data.displayName || me.data.username : '…';
  const identity = (
    <>
      <Avatar src={me.data?.pfp} name={name} size={28} />
      <span className="account-name">
        {/* Name and handle isolated (bdi): a bidi control in either reorders nothing else. */}
        <bdi>{name}</bdi>
        {/* Two lines from the start: the handle arriving must not move the name. */}
        {me.data ? (
          <>
            {' '}
            <Handle className="handle" username={me.data.username} />
          </>
        ) : (
          <span className="handle" aria-hidden="true">
            {'\u00a0'}
          </span>
        )}
      </span>
    </>
  );
  return (
    <div className="account-menu">
      {uuid ? (
        // The name comes from the visible text, with a hidden prefix: an aria-label that left out the
        // visible handle failed WCAG 2.5.3 (label in name) for speech-input users.
        <Link to={`/user/${encodeURIComponent(uuid)}`} className="account-identity">
          <span className="visually-hidden">{t('auth.yourProfile')}</span>
          {identity}
        </Link>
      ) : (
        <span className="account-identity" aria-label={me.data ? t('auth.signedInAs', { name }) : t('auth.signedIn')}>
          {identity}
        </span>
      )}
      <Link to="/profile/edit" className="button">
        {/* On a narrow screen the pencil stands alone; the words stay its name. */}
        <PencilIcon /> <span className="account-edit-label">{t('auth.editProfile')}</span>
      </Link>
      <button type="button" className="button" onClick={() => ask()}>
        {/* Whom it signs out: with two accounts the other takes over. The handle is hidden on a
            narrow screen (the identity beside it shows it), still part of the button's name. */}
        {t('auth.signOut')}
        {me.data && (
          <>
            {' '}
            <Handle username={me.data.username} />
          </>
        )}
      </button>
      <button
        ref={trigger}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        // Opens once its code is here (a Suspense boundary would cost the first page more).
        onClick={() => void AccountsPanel.preload().then(() => setOpen(!open), () => undefined)}
      >
        {t('auth.accounts')}
      </button>
      {open && (
        <AccountsPanel
          id={panelId}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
          onSignOutAll={() => ask(true)}
        />
      )}
    </div>
  );
}
