import { http, HttpResponse } from 'msw';
import type { MockUser } from '../model';
import { authenticate, refuse, resolve, type HandlerContext } from './shared';

/** The v2 user object of section 2.3, plus pfp (an extra field the client takes when present). */
export function userJson(user: MockUser) {
  return {
    type: user.type,
    uuid: user.uuid,
    username: user.username,
    displayname: user.displayname,
    pfp: user.pfp,
    banner: user.banner,
    badge: user.badge,
    special_badge: user.special_badge,
    bio: user.bio,
    nsfw: user.nsfw,
    private: user.private,
    pronoun: user.pronoun,
    joined: user.joined,
  };
}

export function userHandlers(ctx: HandlerContext) {
  const { db } = ctx;
  return [
    http.get(
      ctx.url('/v2/user/:uuid'),
      resolve(ctx, ({ request, params }) => {
        authenticate(request, db);
        const uuid = typeof params.uuid === 'string' ? params.uuid : '';
        const user = db.user(uuid);
        if (!user) refuse(404, 'User not found');
        return HttpResponse.json({ error: false, user: userJson(user) });
      }),
    ),
  ];
}
