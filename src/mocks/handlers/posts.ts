import { http, HttpResponse } from 'msw';
import type { MockDb } from '../db';
import type { MockPost } from '../model';
import {
  authenticate,
  optionalBoolean,
  optionalString,
  parsePostId,
  readBody,
  refuse,
  resolve,
  type HandlerContext,
} from './shared';

/** `replies` as Draft 4 words it: "an object listing reply ids as strings", keyed "0", "1", ... */
function repliesObject(ids: number[]): Record<string, string> {
  return Object.fromEntries(ids.map((id, i) => [String(i), String(id)]));
}

function authorSummary(db: MockDb, uuid: string) {
  const user = db.user(uuid);
  return user ? { uuid: user.uuid, username: user.username, displayname: user.displayname, pfp: user.pfp } : null;
}

function idOrNull(id: number | null): string | null {
  return id === null ? null : String(id);
}

export function postFullJson(post: MockPost) {
  return {
    id: String(post.id),
    // Not in Draft 4's get-post response; sent so replies can link to their parent.
    parent_id: idOrNull(post.parent_id),
    content: post.content,
    from: post.from,
    lock: post.lock,
    nsfw: post.nsfw,
    edited: post.edited,
    date: post.date,
    replies: repliesObject(post.replies),
  };
}

export function postHandlers(ctx: HandlerContext) {
  const { db } = ctx;
  return [
    http.put(
      ctx.url('/v2/post'),
      resolve(ctx, async ({ request }) => {
        const me = authenticate(request, db);
        const body = await readBody(request);
        const content = optionalString(body, 'content');
        if (content === undefined || content.trim() === '') refuse(400, 'Content is required');
        const rawParent = body.parent_id;
        const parentId =
          rawParent === undefined || rawParent === null || rawParent === '' ? null : parsePostId(rawParent, 'parent_id');
        const post = db.createPost(me.uuid, {
          content,
          from: optionalString(body, 'from') ?? '',
          lock: optionalBoolean(body, 'lock') ?? false,
          nsfw: optionalBoolean(body, 'nsfw') ?? false,
          parentId,
        });
        return HttpResponse.json({
          error: false,
          post: {
            id: String(post.id),
            parent_id: idOrNull(post.parent_id),
            content: post.content,
            from: post.from,
            lock: post.lock,
            nsfw: post.nsfw,
          },
        });
      }),
    ),

    http.get(
      ctx.url('/v2/post/:id'),
      resolve(ctx, ({ request, params }) => {
        authenticate(request, db);
        const id = parsePostId(params.id);
        const post = db.post(id);
        if (!post) refuse(404, `Post ${id} not found`);
        return HttpResponse.json({ error: false, post: postFullJson(post), user: authorSummary(db, post.author) });
      }),
    ),

    http.patch(
      ctx.url('/v2/post/:id'),
      resolve(ctx, async ({ request, params }) => {
        const me = authenticate(request, db);
        const id = parsePostId(params.id);
        const body = await readBody(request);
        // Draft 4 lists `token` as a required body field of this one operation (docs/api-notes.md).
        const token = optionalString(body, 'token');
        if (token === undefined) refuse(400, 'token is required');
        if (token !== me.token) refuse(401, 'token does not match the Authorization header');
        const post = db.updatePost(me.uuid, id, {
          content: optionalString(body, 'content'),
          lock: optionalBoolean(body, 'lock'),
          nsfw: optionalBoolean(body, 'nsfw'),
        });
        return HttpResponse.json({
          error: false,
          post: { id: String(post.id), content: post.content, lock: post.lock, nsfw: post.nsfw },
          reason: optionalString(body, 'reason') ?? null,
        });
      }),
    ),

    http.delete(
      ctx.url('/v2/post/:id'),
      resolve(ctx, async ({ request, params }) => {
        const me = authenticate(request, db);
        const id = parsePostId(params.id);
        const body = await readBody(request, true);
        const post = db.deletePost(me.uuid, id);
        return HttpResponse.json({ error: false, post: { id: String(post.id) }, reason: optionalString(body, 'reason') ?? null });
      }),
    ),
  ];
}
