/**
 * Creating, editing and deleting posts: out of the core chunk (vite.config.ts), since no first
 * screen writes; the composer and the author's actions load it.
 */
import type { Transport } from './transport';
import { postIdPath } from './transport';
import * as z from 'zod/mini';
import { envelope, flag, idSchema, lazy, parentId, postFields, text } from './schemas';

// The answers only writes read: their schemas load with this chunk, not in the first load's core.
const createPostResponseSchema = lazy(() => z.pipe(
  z.object({
    ...envelope(),
    post: z.object({ id: idSchema(), parent_id: parentId(), content: text(), from: text(), lock: flag(), nsfw: flag() }),
  }),
  z.transform(({ post }) => postFields(post)),
));
export type CreatedPost = z.output<ReturnType<typeof createPostResponseSchema>>;

const updatePostResponseSchema = lazy(() => z.pipe(
  z.object({
    ...envelope(),
    post: z.object({ id: idSchema(), content: text(), lock: flag(), nsfw: flag() }),
    reason: text(),
  }),
  z.transform(({ post, reason }) => ({ ...post, reason })),
));

const deletePostResponseSchema = lazy(() => z.pipe(
  z.object({ ...envelope(), post: z.object({ id: idSchema() }), reason: text() }),
  z.transform(({ post, reason }) => ({ id: post.id, reason })),
));

interface CallOptions {
  signal?: AbortSignal;
}

export interface CreatePostInput {
  content: string;
  from?: string;
  lock?: boolean;
  nsfw?: boolean;
  /** Set to create a reply. */
  parentId?: string;
}

export async function createPost(t: Transport, input: CreatePostInput, opts: CallOptions = {}) {
  const body: Record<string, unknown> = {
    content: input.content,
    lock: input.lock ?? false,
    nsfw: input.nsfw ?? false,
  };
  if (input.from) body.from = input.from;
  if (input.parentId !== undefined) body.parent_id = postIdPath(input.parentId);
  return t.request({ method: 'PUT', path: '/v2/post', body, schema: createPostResponseSchema, signal: opts.signal });
}

/** Only what changed; null or absent means unchanged (docs/api-notes.md). */
export interface UpdatePostInput {
  content?: string | null;
  lock?: boolean | null;
  nsfw?: boolean | null;
  reason?: string | null;
}

export async function updatePost(t: Transport, id: string, input: UpdatePostInput, opts: CallOptions = {}) {
  const fields: Record<string, unknown> = {
    content: input.content ?? null,
    lock: input.lock ?? null,
    nsfw: input.nsfw ?? null,
  };
  if (input.reason) fields.reason = input.reason;
  return t.request({
    method: 'PATCH',
    path: `/v2/post/${postIdPath(id)}`,
    // Draft 4 lists token as a required body field even though the header carries it
    // (docs/api-notes.md): the one the header is sent with, taken at sending, not when this is called.
    body: (token: string | undefined) => ({ token, ...fields }),
    schema: updatePostResponseSchema,
    signal: opts.signal,
  });
}

export async function deletePost(t: Transport, id: string, input: { reason?: string } = {}, opts: CallOptions = {}) {
  return t.request({
    method: 'DELETE',
    path: `/v2/post/${postIdPath(id)}`,
    body: input.reason ? { reason: input.reason } : undefined,
    schema: deletePostResponseSchema,
    signal: opts.signal,
  });
}
