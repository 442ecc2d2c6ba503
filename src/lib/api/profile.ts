import type { Transport } from './transport';
import { updateProfileResponseSchema } from './schemas';

/** Each field: a string to change it, null or absent to leave it unchanged (docs/api-notes.md). */
export interface UpdateProfileInput {
  username?: string | null;
  displayname?: string | null;
  pfp?: string | null;
  banner?: string | null;
  bio?: string | null;
}

const FIELDS = ['username', 'displayname', 'pfp', 'banner', 'bio'] as const;

export function updateProfile(t: Transport, input: UpdateProfileInput, opts: { signal?: AbortSignal; token?: string } = {}) {
  const body: Record<string, string | null> = {};
  for (const field of FIELDS) body[field] = input[field] ?? null;
  return t.request({ method: 'PATCH', path: '/v2/profile', body, schema: updateProfileResponseSchema, ...opts });
}

/** Who am I: a profile update with every field null changes nothing and returns the current profile (`token`: for an account not in use yet). */
export function getOwnProfile(t: Transport, opts: { signal?: AbortSignal; token?: string } = {}) {
  return updateProfile(t, {}, opts);
}
