import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { meQueries } from '../api/queries';
import { ownUuidStore, useOwnUuid } from '../own-uuid';
import { tokenStore } from '../token-store';
import { useSession } from '../use-session';

export function signOut(queryClient: ReturnType<typeof useQueryClient>) {
  tokenStore.signOut();
  ownUuidStore.clear();
  queryClient.clear();
}

/** Who is signed in, with a link to their profile once their uuid is known. */
export function AccountMenu() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueries.profile(token ?? ''), enabled: token !== null });
  const uuid = useOwnUuid(me.data?.username);

  if (!token) {
    return (
      <Link className="button" to="/sign-in">
        Sign in
      </Link>
    );
  }
  const name = me.data ? me.data.displayName || me.data.username : '…';
  const identity = (
    <>
      <Avatar src={me.data?.pfp} name={name} size={28} />
      <span className="account-name">
        <span>{name}</span>
        {me.data && <span className="handle">@{me.data.username}</span>}
      </span>
    </>
  );
  return (
    <div className="account-menu">
      {uuid ? (
        <Link to={`/user/${encodeURIComponent(uuid)}`} className="account-identity" aria-label={`Your profile: ${name}`}>
          {identity}
        </Link>
      ) : (
        <span className="account-identity" aria-label={me.data ? `Signed in as ${name}` : 'Signed in'}>
          {identity}
        </span>
      )}
      <button type="button" className="button" onClick={() => signOut(queryClient)}>
        Sign out
      </button>
    </div>
  );
}
