import { http, HttpResponse } from 'msw';
import { authenticate, resolve, type HandlerContext } from './shared';

export function pingHandlers(ctx: HandlerContext) {
  return [
    http.get(
      ctx.url('/v2/ping'),
      resolve(ctx, ({ request }) => {
        authenticate(request, ctx.db);
        return HttpResponse.json({ error: false });
      }),
    ),
  ];
}
