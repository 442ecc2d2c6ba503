import { http, HttpResponse } from 'msw';
import { authenticate, optionalString, readBody, resolve, type HandlerContext } from './shared';

export function profileHandlers(ctx: HandlerContext) {
  const { db } = ctx;
  return [
    http.patch(
      ctx.url('/v2/profile'),
      resolve(ctx, async ({ request }) => {
        const me = authenticate(request, db);
        const body = await readBody(request, true);
        // Every field null or absent: nothing changes and the current profile comes back (docs/api-notes.md).
        const user = db.updateProfile(me.uuid, {
          username: optionalString(body, 'username'),
          displayname: optionalString(body, 'displayname'),
          pfp: optionalString(body, 'pfp'),
          banner: optionalString(body, 'banner'),
          bio: optionalString(body, 'bio'),
        });
        return HttpResponse.json({
          error: false,
          updated: {
            username: user.username,
            displayname: user.displayname,
            pfp: user.pfp,
            banner: user.banner,
            bio: user.bio,
          },
        });
      }),
    ),
  ];
}
