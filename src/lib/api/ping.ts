import type { Transport } from './transport';
import { pingResponseSchema } from './schemas';

/**
 * Draft 4 lists ping as authenticated like every v2 call but blog latest, so a successful ping
 * with a token also proves the token. `auth: false` makes it a bare liveness check.
 */
export async function ping(t: Transport, opts: { signal?: AbortSignal; auth?: boolean; token?: string } = {}) {
  await t.request({
    method: 'GET',
    path: '/v2/ping',
    auth: opts.auth ?? true,
    token: opts.token,
    schema: pingResponseSchema,
    signal: opts.signal,
  });
  return true as const;
}
