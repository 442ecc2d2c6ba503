import type { Transport } from './transport';
import { blogLatestResponseSchema } from './schemas';

/** Public: no Authorization header. `probe`: see lib/online-status.ts. */
export function getLatestBlog(t: Transport, opts: { signal?: AbortSignal; probe?: boolean } = {}) {
  return t.request({ method: 'GET', path: '/v2/blog/latest', auth: false, schema: blogLatestResponseSchema, ...opts });
}
