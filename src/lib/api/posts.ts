/** Reading a post: what every page needs. The writes are in post-writes.ts, loaded by the pages that write. */
import type { Transport } from './transport';
import { postIdPath } from './transport';
import { getPostResponseSchema } from './schemas';

interface CallOptions {
  signal?: AbortSignal;
}

export async function getPost(t: Transport, id: string, opts: CallOptions = {}) {
  return t.request({ method: 'GET', path: `/v2/post/${postIdPath(id)}`, schema: getPostResponseSchema, signal: opts.signal });
}
