import { ApiError } from './api-error';
import type { Transport } from './transport';
import { getUserResponseSchema } from './schemas';

export async function getUser(t: Transport, uuid: string, opts: { signal?: AbortSignal } = {}) {
  const trimmed = uuid.trim();
  if (!trimmed) throw new ApiError('not_found', { messageKey: 'errors.noUserNamed' });
  return t.request({
    method: 'GET',
    path: `/v2/user/${encodeURIComponent(trimmed)}`,
    schema: getUserResponseSchema,
    signal: opts.signal,
  });
}
