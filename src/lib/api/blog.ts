import type { Transport } from './transport';
import { blogLatestResponseSchema } from './schemas';

/** Public: no Authorization header. */
export function getLatestBlog(t: Transport, opts: { signal?: AbortSignal } = {}) {
  return t.request({ method: 'GET', path: '/v2/blog/latest', auth: false, schema: blogLatestResponseSchema, signal: opts.signal });
}
