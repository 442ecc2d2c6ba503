import type { Transport } from './transport';
import { pingResponseSchema } from './schemas';

/**
 * Draft 4 lists ping as authenticated like every v2 call but blog latest, so a successful ping
 * also proves the token (sign-in checks a candidate token with `token`).
 */
export async function ping(t: Transport, opts: { signal?: AbortSignal; token?: string } = {}) {
  await t.request({
    method: 'GET',
    path: '/v2/ping',
    token: opts.token,
    schema: pingResponseSchema,
    signal: opts.signal,
  });
  return true as const;
}
