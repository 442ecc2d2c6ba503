import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { meQueries } from '../api/queries';
import { useOwnUuid } from '../own-uuid';
import { SIGN_OUT_STATE } from '../sign-out';
import { useSession } from '../use-session';

interface AccountMenuProps {
  /**
   * Sign out was pressed: `signOut` goes ahead. Given, the app may ask something first (unsent
   * drafts) and call it once the person has chosen. `username`: who is signed in, once known.
   */
  onSignOut?: (username: string | null, signOut: () => void) => void;
}

/** Who is signed in, with a link to their profile once their uuid is known. */
export function AccountMenu({ onSignOut }: AccountMenuProps) {
  const { token } = useSession();
  const navigate = useNavigate();
  const me = useQuery({ ...meQueries.profile(token ?? ''), enabled: token !== null });
  const uuid = useOwnUuid(me.data?.username);

  if (!token) {
    return (
      <Link className="button" to="/sign-in">
        Sign in
      </Link>
    );
  }
  // Signing out happens on /sign-out, a page that needs no token: done here, a protected page
  // would redirect to sign-in before the (transition) navigation home could land.
  const signOut = () => void navigate('/sign-out', { replace: true, state: SIGN_OUT_STATE });
  const name = me.data ? me.data.displayName || me.data.username : '…';
  const identity = (
    <>
      <Avatar src={me.data?.pfp} name={name} size={28} />
      <span className="account-name">
        <span>{name}</span>
        {me.data && <span className="handle"> @{me.data.username}</span>}
      </span>
    </>
  );
  return (
    <div className="account-menu">
      {uuid ? (
        // The name comes from the visible text, with a hidden prefix: an aria-label that left out the
        // visible handle failed WCAG 2.5.3 (label in name) for speech-input users.
        <Link to={`/user/${encodeURIComponent(uuid)}`} className="account-identity">
          <span className="visually-hidden">Your profile: </span>
          {identity}
        </Link>
      ) : (
        <span className="account-identity" aria-label={me.data ? `Signed in as ${name}` : 'Signed in'}>
          {identity}
        </span>
      )}
      <button type="button" className="button" onClick={() => (onSignOut ? onSignOut(me.data?.username ?? null, signOut) : signOut())}>
        Sign out
      </button>
    </div>
  );
}
