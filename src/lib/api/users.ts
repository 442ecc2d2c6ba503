import { ApiError } from './api-error';
import type { Transport } from './transport';
import * as z from 'zod/mini';
import { envelope, flag, idSchema, lazy, text, timestamp } from './schemas';
import { scalar } from '../schema-kinds';

/**
 * JSON fields of unknown content pass through as they came: only the profile that shows them
 * knows which shapes to recognise (features/profile/badge-shape.ts), and that code loads with it.
 * Left out means "none" (null), not a bad response.
 */
const jsonField = lazy(() => z.pipe(z.optional(z.custom<unknown>()), z.transform((v): unknown => v ?? null)));

// Read by the profile page only: out of the first load's core chunk (vite.config.ts), with users.ts.
const getUserResponseSchema = lazy(() => z.pipe(
  z.object({
    ...envelope(),
    user: z.object({
      type: z.optional(scalar('number', 'null')),
      uuid: idSchema(),
      username: text(),
      displayname: text(),
      pfp: text(),
      banner: text(),
      badge: jsonField(),
      special_badge: jsonField(),
      bio: text(),
      nsfw: flag(),
      private: flag(),
      pronoun: jsonField(),
      joined: timestamp(),
    }),
  }),
  z.transform(({ user }) => ({
    type: user.type ?? null,
    uuid: user.uuid,
    username: user.username,
    displayName: user.displayname,
    /** Not in the Draft 4 user object; taken when a server sends it. */
    pfp: user.pfp,
    banner: user.banner,
    /** JSON of any shape (null when absent): read with features/profile/badge-shape.ts. */
    badge: user.badge,
    specialBadge: user.special_badge,
    bio: user.bio,
    nsfw: user.nsfw,
    private: user.private,
    pronoun: user.pronoun,
    /** Epoch ms. */
    joined: user.joined,
  })),
));
export type User = z.output<ReturnType<typeof getUserResponseSchema>>;

export async function getUser(t: Transport, uuid: string, opts: { signal?: AbortSignal } = {}) {
  const trimmed = uuid.trim();
  if (!trimmed) throw new ApiError('not_found', { messageKey: 'onDemand.noUserNamed' });
  return t.request({
    method: 'GET',
    path: `/v2/user/${encodeURIComponent(trimmed)}`,
    schema: getUserResponseSchema,
    signal: opts.signal,
  });
}
