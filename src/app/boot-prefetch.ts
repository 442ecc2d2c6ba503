/**
 * The first page's code and data start loading at boot, beside config.json, instead of after
 * React has rendered a fallback: a thread's post (and so its replies) is one round trip earlier,
 * and the feed's first page starts with the profile and ping requests.
 */
import type { QueryClient } from '@tanstack/react-query';
import { feedQueries, whenFeedPainted } from '../entities/post/feed-queries';
import { readKnownHead } from '../entities/post/known-head';
import { postQueries } from '../entities/post/queries';
import { normalizePostId } from '../lib/api/post-id';
import { holdUntilFirstContent } from '../lib/first-content';
import { afterContentPresented, afterNextPaint, whenIdle } from '../lib/idle';
import { PRERENDERED_ATTRIBUTE } from './boot-loader';
import { pagePath, preloadPageFor, THREAD_PATH } from './route-modules';

function initialPath(hash: string): string {
  return pagePath(hash.replace(/^#/, ''));
}

/** Loads the code of the page the app opens on (only pages that need no sign-in check differ). */
export function preloadInitialRoute(hash: string, signedIn: boolean): Promise<void> {
  // Signed out, the page's text renders first; the form's code loads after that paint (SignInPanelSlot).
  if (!signedIn) return Promise.resolve();
  return preloadPageFor(initialPath(hash));
}

let markFirstScreenShown: () => void = () => {};
const firstScreenShown = new Promise<void>((resolve) => (markFirstScreenShown = resolve));

/**
 * Called once the app's first screen is committed (FirstScreenSignal): settles the first-screen
 * hold once the browser reports it presented (an LCP entry; two frames were not always enough:
 * the sign-in form's code then went out before the paint LCP records, in 1 run of 3). Where the
 * built index.html had already shown this screen (src/app/boot-loader.ts), its largest paint is long
 * recorded and the app's commit, the same boxes again, records none: the next paint is enough.
 */
export function firstScreenCommitted(): void {
  const presented = document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE) ? afterNextPaint() : afterContentPresented();
  void presented.then(markFirstScreenShown);
}

/**
 * What can wait (the status ping, the profile, the blog banner, code not needed for the first
 * screen: lib/first-content.ts) waits for the first screen to be painted. The first render is a
 * transition (app/start.tsx), sliced into short tasks, so requests started from its effects could
 * otherwise be sent, and even answered, before that paint. On the feed it waits longer: for its
 * first posts to be painted and then for the browser to be idle (a second at most), since released
 * the moment the posts paint, their answers and renders piled onto the frames right after that
 * paint as long tasks. Call before the first render.
 */
export function holdForFirstContent(queryClient: QueryClient, hash: string, signedIn: boolean): void {
  if (!signedIn) holdUntilFirstContent(firstScreenShown);
  else holdForSignedInPage(queryClient, initialPath(hash));
}

/**
 * The same hold for the page a signed-in person is about to see at `path`: at boot, and again when
 * someone signs in, where the feed's first head discovery would otherwise share its connections
 * with the status ping and the profile the signed-in layout asks for at once. Elsewhere it is the
 * first screen's hold, long released by the time anyone has signed in.
 */
export function holdForSignedInPage(queryClient: QueryClient, path: string): void {
  if (pagePath(path) !== '/') {
    holdUntilFirstContent(firstScreenShown);
    return;
  }
  const painted = whenFeedPainted(queryClient);
  holdUntilFirstContent(painted.then(() => new Promise<void>((resolve) => whenIdle(resolve, 1_000))));
}

/** Starts the first page's requests; call once the API client is configured. */
export function prefetchInitialData(queryClient: QueryClient, hash: string, signedIn: boolean): void {
  if (!signedIn) return;
  const path = initialPath(hash);
  const thread = THREAD_PATH.exec(path);
  const threadId = normalizePostId(thread?.[1]);
  if (threadId !== null) void queryClient.prefetchQuery(postQueries.detail(threadId));
  // From here, not from the feed's chunk: the head discovery starts as soon as config.json is read.
  else if (path === '/') void queryClient.prefetchInfiniteQuery(feedQueries.pages(readKnownHead()));
}
