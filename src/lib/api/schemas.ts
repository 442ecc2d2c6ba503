/**
 * Response schemas for v2 (Draft 4). Liberal in what they accept (docs/api-notes.md):
 * ids as strings or numbers, replies as an array or an object, timestamps of either unit,
 * json fields of any shape, unknown extra fields ignored. They turn wire shapes into the
 * client's domain types, so nothing above this file sees a raw response.
 *
 * zod/mini rather than zod: the same engine at a fifth of the bundle cost (feed budget).
 *
 * Each schema is built on first use, not when the module loads: zod builds a schema's internals
 * as it is declared, and declaring all of them was a quarter of evaluating the core chunk, in the
 * one task that starts every page (docs/performance.md). A page builds the ones it reads, when its
 * first answer comes.
 */
import * as z from 'zod/mini';
import { toEditInfo, toEpochMs, type EditInfo } from '../time';
import { normalizePostId } from './post-id';
import { boolean, scalar } from '../schema-kinds';

/** A schema built on its first call, once. */
type LazySchema<S extends z.ZodMiniType> = () => S;

export function lazy<S extends z.ZodMiniType>(build: () => S): LazySchema<S> {
  let built: S | undefined;
  return () => (built ??= build());
}

export const idSchema = lazy(() => z.pipe(
  scalar('string', 'number'),
  z.transform((v) => String(v)),
));

export const text = lazy(() => z.pipe(
  z.optional(scalar('string', 'number', 'null')),
  z.transform((v) => (v === null || v === undefined ? '' : String(v))),
));

export const flag = lazy(() => z.pipe(
  z.optional(scalar('boolean', 'number', 'string', 'null')),
  z.transform((v) => v === true || v === 1 || v === 'true' || v === '1'),
));

const rawTimestamp = lazy(() => z.pipe(
  z.optional(scalar('number', 'string', 'null')),
  z.transform((v): number | null => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : null;
  }),
));

export const timestamp = lazy(() => z.pipe(rawTimestamp(), z.transform((v) => toEpochMs(v))));

const editInfo = lazy(() => z.pipe(rawTimestamp(), z.transform((v): EditInfo => toEditInfo(v))));

function byNumericId(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * "an object listing reply ids as strings": an array of ids, or an object whose values are ids (its
 * values checked as the array's items). Neither zod's record nor its union: each would put a schema
 * kind of its own in the feed's first load, where every zod module lives (vite.config.ts).
 */
const replyIds = lazy(() => z.pipe(
  z.optional(z.pipe(
    // An array, an object or null (typeof null is 'object'): null is none, as absent is.
    z.custom<object | null>((v) => typeof v === 'object', { params: { expected: 'array or object' } }),
    z.pipe(
      z.transform((v: object | null): unknown[] => (v === null ? [] : Array.isArray(v) ? v : Object.values(v))),
      z.array(idSchema()),
    ),
  )),
  z.transform((v): string[] => (v ? [...new Set(v)].sort(byNumericId) : [])),
));

/**
 * Every success answer says `error: false`. A boolean here, not the literal false: the transport has
 * already turned `error: true` into an ApiError before any schema reads the body, so the two accept
 * the same answers, and zod's literal type cost the feed's first load 184 B gzip.
 */
export const envelope = () => ({ error: boolean() });

// The domain types are what these schemas output (z.output), so a field is named and typed once.

export const userSummarySchema = lazy(() => z.pipe(
  z.object({ uuid: idSchema(), username: text(), displayname: text(), pfp: text() }),
  z.transform((u) => ({ uuid: u.uuid, username: u.username, displayName: u.displayname, pfp: u.pfp })),
));
export type UserSummary = z.output<ReturnType<typeof userSummarySchema>>;

/** A post's author, when the server sends one. */
const author = lazy(() => z.pipe(
  z.optional(z.pipe(
    // Null is no author, as absent is (without zod's nullable: lib/schema-kinds.ts).
    z.transform((v: unknown) => v ?? undefined),
    z.optional(userSummarySchema()),
  )),
  z.transform((user) => user ?? null),
));

const optionalId = lazy(() => z.pipe(
  z.optional(scalar('string', 'number', 'null')),
  z.transform((v) => (v === null || v === undefined || v === '' ? null : String(v))),
));

/**
 * A post's parent as the server names it, checked as a route's id is (normalizePostId): it becomes
 * a link (`/post/<id>`), a cache key and a request path, so `../user/<uuid>` or anything else that
 * is not an id reads as no parent at all (null), never as a link somewhere else.
 */
export const parentId = lazy(() => z.pipe(optionalId(), z.transform((v) => (v === null ? null : normalizePostId(v)))));

interface WirePostFields {
  id: string;
  parent_id: string | null;
  content: string;
  from: string;
  lock: boolean;
  nsfw: boolean;
}

/** The fields a post answer and a create answer share, in the client's names. */
export function postFields(post: WirePostFields) {
  return { id: post.id, parentId: post.parent_id, content: post.content, from: post.from, lock: post.lock, nsfw: post.nsfw };
}

export const getPostResponseSchema = lazy(() => z.pipe(
  z.object({
    ...envelope(),
    post: z.object({
      id: idSchema(),
      parent_id: parentId(),
      content: text(),
      from: text(),
      lock: flag(),
      nsfw: flag(),
      edited: editInfo(),
      date: timestamp(),
      replies: replyIds(),
    }),
    user: author(),
  }),
  z.transform(({ post, user }) => ({
    ...postFields(post),
    /** Creation time, epoch ms. */
    date: post.date,
    edited: post.edited,
    replies: post.replies,
    author: user,
  })),
));
export type Post = z.output<ReturnType<typeof getPostResponseSchema>>;

export const updateProfileResponseSchema = lazy(() => z.pipe(
  z.object({
    ...envelope(),
    updated: z.object({ username: text(), displayname: text(), pfp: text(), banner: text(), bio: text() }),
  }),
  z.transform(({ updated }) => ({
    username: updated.username,
    displayName: updated.displayname,
    pfp: updated.pfp,
    banner: updated.banner,
    bio: updated.bio,
  })),
));
export type Profile = z.output<ReturnType<typeof updateProfileResponseSchema>>;

export const blogLatestResponseSchema = lazy(() => z.pipe(
  z.object({
    ...envelope(),
    blog: z.object({ content: text(), image: text(), tag: text(), date: timestamp() }),
    user: author(),
  }),
  z.transform(({ blog, user }) => ({ ...blog, author: user })),
));
export type BlogEntry = z.output<ReturnType<typeof blogLatestResponseSchema>>;

export const pingResponseSchema = lazy(() => z.object({ ...envelope() }));

// The answers only later pages read have their schemas beside their calls, out of the first load's
// core chunk (vite.config.ts): a post written (post-writes.ts) and a user's profile (users.ts).
export type { CreatedPost } from './post-writes';
export type { User } from './users';
