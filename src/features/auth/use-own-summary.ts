import type { UserSummary } from '../../lib/api/schemas';
import { useOwnUuid } from '../../entities/account/own-uuid';
import { useMe } from '../../entities/account/use-me';

/** The signed-in person as a post author (uuid empty until learned), or null while unknown. */
export function useOwnSummary(): UserSummary | null {
  const me = useMe();
  const uuid = useOwnUuid(me.data?.username);
  if (!me.data) return null;
  return { uuid: uuid ?? '', username: me.data.username, displayName: me.data.displayName, pfp: me.data.pfp };
}
