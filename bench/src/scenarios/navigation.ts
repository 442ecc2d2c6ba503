/**
 * Requests made going feed → thread → back. After the feed has settled (no API traffic for a
 * second), open the thread of the first post on screen that has replies, by its link: that post
 * is already in the cache, so the thread should ask only for its replies (and only those not
 * cached). Going back should ask for nothing: the feed's pages and head are still fresh.
 * `openThread.timeToThreadMs`: from the click to the thread's post on screen, the pointer having
 * moved over the feed a second before, as a reader's does before a click.
 */
import type { Browser } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, openPage, SELECTORS } from '../browser';
import { countByEndpoint, waitForApiIdle, type ApiRequest } from '../requests';
import type { BenchApp } from '../servers';

const QUIET_MS = 1000;

export async function measureNavigation(browser: Browser, app: BenchApp) {
  const bench = await openPage(browser, app, { token: ADA_TOKEN, watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }] });
  const { page, api } = bench;
  const describe = (requests: ApiRequest[]) => requests.map((r) => `${r.method} ${r.path}`);
  try {
    progress('navigation: feed, waiting for it to settle');
    await page.goto(app.url);
    await bench.waitForMark('firstPost');
    const feedSettled = await waitForApiIdle(api, { quietMs: QUIET_MS, timeoutMs: 20_000 });

    // The first post in the feed that has replies, opened by its "Open thread" link. Brought on
    // screen first when needed, and the feed left to settle again: a page the scroll loads is the
    // feed's, not the thread's.
    const postId = (await page.evaluate(`(() => {
      for (const article of document.querySelectorAll(${JSON.stringify(SELECTORS.feedPost)})) {
        const link = article.querySelector('a.post-replies');
        if (!link || /: 0 replies/.test(link.getAttribute('aria-label') || '')) continue;
        const box = link.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) link.scrollIntoView({ block: 'center' });
        return article.getAttribute('data-post-id');
      }
      return null;
    })()`)) as string | null;
    if (!postId) throw new Error('no post with replies in the first page of the feed');
    await waitForApiIdle(api, { quietMs: QUIET_MS, timeoutMs: 20_000 });
    const feedRequests = api.requests.length;
    progress(`navigation: opening the thread of post ${postId}`);
    const beforeThread = api.requests.length;
    const link = page.locator(`[role="feed"] article[data-post-id="${postId}"] a.post-replies`).first();
    await link.hover();
    await page.waitForTimeout(1000);
    const clickedAt = (await page.evaluate('performance.now()')) as number;
    await link.click();
    await page.locator(SELECTORS.threadPost).first().waitFor({ state: 'visible', timeout: 20_000 });
    const shownAt = (await page.evaluate('performance.now()')) as number;
    const threadSettled = await waitForApiIdle(api, { quietMs: QUIET_MS, timeoutMs: 20_000 });
    const thread = api.requests.slice(beforeThread);
    const replyIds = (await page.evaluate(
      `[...document.querySelectorAll('.thread-replies li.reply[data-reply-id]')].map((li) => li.getAttribute('data-reply-id'))`,
    )) as string[];

    progress('navigation: back to the feed');
    const beforeBack = api.requests.length;
    await page.goBack();
    await page.locator(SELECTORS.feedPost).first().waitFor({ state: 'visible', timeout: 20_000 });
    const backSettled = await waitForApiIdle(api, { quietMs: QUIET_MS, timeoutMs: 20_000 });
    const back = api.requests.slice(beforeBack);

    const gets = (requests: ApiRequest[]) => requests.filter((r) => r.method === 'GET');
    const forPost = gets(thread).filter((r) => r.path === `/v2/post/${postId}`);
    const forReplies = gets(thread).filter((r) => replyIds.some((id) => r.path === `/v2/post/${id}`));
    const otherThread = thread.filter((r) => !forPost.includes(r) && !forReplies.includes(r));
    return {
      feedRequestsUntilSettled: feedRequests,
      settled: feedSettled && threadSettled && backSettled,
      openThread: {
        postId,
        /** Click to the thread's post on screen, as the bench sees it (polled: within about 20 ms). */
        timeToThreadMs: Math.round(shownAt - clickedAt),
        replies: replyIds.length,
        requests: thread.length,
        getsForPost: forPost.length,
        getsForReplies: forReplies.length,
        otherRequests: describe(otherThread),
        byEndpoint: countByEndpoint(thread),
      },
      back: { requests: back.length, getRequests: gets(back).length, list: describe(back) },
    };
  } finally {
    await bench.close();
  }
}
