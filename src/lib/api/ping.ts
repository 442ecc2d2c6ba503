import type { Transport } from './transport';
import { getLatestBlog } from './blog';
import { pingResponseSchema } from './schemas';

/**
 * Draft 4 lists ping as authenticated like every v2 call but blog latest, so a successful ping
 * also proves the token (sign-in checks a candidate token with `token`).
 */
export async function ping(t: Transport, opts: { signal?: AbortSignal; token?: string; probe?: boolean } = {}) {
  await t.request({ method: 'GET', path: '/v2/ping', schema: pingResponseSchema, ...opts });
  return true as const;
}

/**
 * Whether the network is back, sent even while the app counts itself offline (lib/online-status.ts):
 * the status ping, or signed out (no token for it) the public request the status reads then.
 */
export function probeNetwork(t: Transport): Promise<unknown> {
  return t.getToken() ? ping(t, { probe: true }) : getLatestBlog(t, { probe: true });
}
