import { useQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../lib/api/schemas';
import { meQueries } from '../../entities/session/queries';
import { useOwnUuid } from '../../entities/session/own-uuid';
import { useSession } from '../../entities/session/use-session';

/** The signed-in person as a post author (uuid empty until learned), or null while unknown. */
export function useOwnSummary(): UserSummary | null {
  const { token } = useSession();
  const me = useQuery({ ...meQueries.profile(token ?? ''), enabled: token !== null });
  const uuid = useOwnUuid(me.data?.username);
  if (!me.data) return null;
  return { uuid: uuid ?? '', username: me.data.username, displayName: me.data.displayName, pfp: me.data.pfp };
}
