import { http, HttpResponse } from 'msw';
import { resolve, type HandlerContext } from './shared';

export function blogHandlers(ctx: HandlerContext) {
  const { db } = ctx;
  return [
    // The one public v2 endpoint: no Authorization needed, and a token sent anyway is ignored.
    http.get(
      ctx.url('/v2/blog/latest'),
      resolve(ctx, () => {
        const blog = db.blog();
        const author = db.user(blog.author);
        return HttpResponse.json({
          error: false,
          blog: { content: blog.content, image: blog.image, tag: blog.tag, date: blog.date },
          user: author
            ? { uuid: author.uuid, username: author.username, displayname: author.displayname, pfp: author.pfp }
            : null,
        });
      }),
    ),
  ];
}
