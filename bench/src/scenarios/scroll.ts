/**
 * Scrolling the feed through `posts` posts with an API that answers at once: a viewport at a
 * time (window.scrollBy, then two animation frames), waiting at the bottom while the next page
 * loads, until "You've reached the first post" or `timeBoundMs`. The probe samples the DOM size
 * every 100 ms and on every mutation; long tasks come from PerformanceObserver 'longtask'.
 */
import type { Browser } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, openPage, SELECTORS } from '../browser';
import type { BenchApp } from '../servers';
import { round1 } from '../stats';

const END_TEXT = 'reached the first post';

interface StepResult {
  atBottom: boolean;
  ended: boolean;
  lastIndex: number;
}

const STEP = `(async () => {
  window.scrollBy(0, window.innerHeight);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const footer = document.querySelector(${JSON.stringify(SELECTORS.endOfFeed)});
  const indexes = [...document.querySelectorAll('[role="feed"] [data-index]')].map((el) => Number(el.getAttribute('data-index')));
  return {
    atBottom: window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2,
    ended: !!footer && footer.textContent.includes(${JSON.stringify(END_TEXT)}),
    lastIndex: indexes.length ? Math.max(...indexes) : -1,
  };
})()`;

export async function measureScroll(browser: Browser, app: BenchApp, { posts, timeBoundMs }: { posts: number; timeBoundMs: number }) {
  const bench = await openPage(browser, app, { token: ADA_TOKEN, sampleDom: true, watch: [{ name: 'firstPost', selector: SELECTORS.feedPost }] });
  const { page } = bench;
  try {
    await page.goto(app.url);
    await bench.waitForMark('firstPost');
    const before = await bench.snapshot();
    const scrollFromMs = before.now;
    const started = Date.now();
    let step: StepResult = { atBottom: false, ended: false, lastIndex: -1 };
    let steps = 0;
    let lastReport = started;
    while (!step.ended && Date.now() - started < timeBoundMs) {
      step = (await page.evaluate(STEP)) as StepResult;
      steps += 1;
      if (step.atBottom && !step.ended) await page.waitForTimeout(50);
      if (Date.now() - lastReport > 5000) {
        progress(`scroll: post ${step.lastIndex + 1} of ${posts}+ after ${((Date.now() - started) / 1000).toFixed(0)} s`);
        lastReport = Date.now();
      }
    }
    const scrollMs = Date.now() - started;
    const after = await bench.snapshot();
    const during = after.longTasks.filter(([start]) => start >= scrollFromMs).map(([, duration]) => duration);
    return {
      posts,
      reachedEnd: step.ended,
      postsScrolledPast: step.lastIndex + 1,
      scrollSteps: steps,
      scrollDurationMs: scrollMs,
      maxDomNodes: after.maxDomNodes,
      maxArticles: after.maxArticles,
      domSamples: after.domSamples,
      longTasksDuringScroll: {
        count: during.length,
        totalMs: round1(during.reduce((a, b) => a + b, 0)),
        maxMs: round1(Math.max(0, ...during)),
      },
      longTasksIncludingLoad: { count: after.longTaskCount, totalMs: round1(after.longTaskTotalMs), maxMs: round1(after.longTaskMaxMs) },
      apiRequests: bench.api.requests.length,
    };
  } finally {
    await bench.close();
  }
}
