/**
 * A thread of `replies` direct replies, opened directly (a fresh, signed-in load of #/post/<id>)
 * with the API answering after `latencyMs`: the post, its first reply, and all of them rendered.
 * Replies go through the thread's bound of 6 in flight, so 100 replies take ⌈100 / 6⌉ round trips
 * after the post's own: the target is that, never one reply after another.
 */
import type { Browser } from 'playwright-core';
import { progress } from '../log';
import { ADA_TOKEN, openPage, SELECTORS } from '../browser';
import { apiTimings, countByEndpoint, maxInFlight, roundTripsBy, startedBy, waitForApiIdle } from '../requests';
import type { BenchApp } from '../servers';
import { medianOf, round1 } from '../stats';

interface ThreadSample {
  /** When every JS chunk asked for before the post's request had arrived (the lazy route's included). */
  chunksLoadedMs: number | null;
  /** When the app asked for the thread's post. */
  postRequestStartMs: number | null;
  timeToPostMs: number;
  timeToFirstReplyMs: number;
  timeToAllRepliesMs: number;
  roundTripsToFirstReply: number;
  roundTripsToAllReplies: number;
  requestsToAllReplies: number;
  maxInFlight: number;
  maxInFlightReplies: number;
  requestsByEndpoint: Record<string, number>;
  corsPreflights: number;
  /** How long a reply request took, fetch() to last byte: the latency plus the machine's jitter. */
  replyRequestMedianMs: number | null;
}

async function load(browser: Browser, app: BenchApp, postId: number, replies: number): Promise<ThreadSample> {
  const bench = await openPage(browser, app, {
    token: ADA_TOKEN,
    watch: [
      { name: 'post', selector: SELECTORS.threadPost },
      // Below the post and the reply box: rendered with a layout box, wherever it is on the page.
      { name: 'firstReply', selector: SELECTORS.reply, anywhere: true },
      { name: 'allReplies', selector: SELECTORS.reply, count: replies, anywhere: true },
    ],
  });
  try {
    await bench.page.goto(`${app.url}#/post/${postId}`);
    const allMs = await bench.waitForMark('allReplies', 60_000);
    await waitForApiIdle(bench.api, { quietMs: 300, timeoutMs: 10_000 });
    const { marks, api, scripts } = await bench.snapshot();
    const timings = apiTimings(api);
    const postStart = timings.find((r) => r.path === `/v2/post/${postId}`)?.start ?? null;
    const chunksBefore = scripts.filter(([, start]) => postStart === null || start < postStart).map(([, , end]) => end);
    const until = startedBy(timings, allMs);
    const isReply = (path: string) => /^\/v2\/post\/\d+$/.test(path) && path !== `/v2/post/${postId}`;
    return {
      chunksLoadedMs: chunksBefore.length ? round1(Math.max(...chunksBefore)) : null,
      postRequestStartMs: round1(postStart),
      timeToPostMs: round1(marks.post)!,
      timeToFirstReplyMs: round1(marks.firstReply)!,
      timeToAllRepliesMs: round1(allMs)!,
      roundTripsToFirstReply: roundTripsBy(timings, marks.firstReply!),
      roundTripsToAllReplies: roundTripsBy(timings, allMs),
      requestsToAllReplies: until.length,
      maxInFlight: maxInFlight(timings, allMs),
      maxInFlightReplies: maxInFlight(until.filter((r) => isReply(r.path))),
      requestsByEndpoint: countByEndpoint(bench.api.requests),
      corsPreflights: bench.api.preflights(),
      replyRequestMedianMs: medianOf(until.filter((r) => isReply(r.path)).map((r) => r.end - r.start)),
    };
  } finally {
    await bench.close();
  }
}

export async function measureThread(browser: Browser, app: BenchApp, { postId, replies, iterations }: { postId: number; replies: number; iterations: number }) {
  const samples: ThreadSample[] = [];
  for (let i = 0; i < iterations; i += 1) {
    progress(`thread: ${replies} replies, load ${i + 1}/${iterations}`);
    samples.push(await load(browser, app, postId, replies));
  }
  const pick = (f: (s: ThreadSample) => number) => samples.map(f);
  const nullable = (f: (s: ThreadSample) => number | null) => samples.map(f);
  return {
    replies,
    chunksLoadedMs: medianOf(nullable((s) => s.chunksLoadedMs)),
    postRequestStartMs: medianOf(nullable((s) => s.postRequestStartMs)),
    timeToPostMs: medianOf(pick((s) => s.timeToPostMs)),
    timeToFirstReplyMs: medianOf(pick((s) => s.timeToFirstReplyMs)),
    timeToAllRepliesMs: medianOf(pick((s) => s.timeToAllRepliesMs)),
    roundTripsToFirstReply: medianOf(pick((s) => s.roundTripsToFirstReply)),
    roundTripsToAllReplies: medianOf(pick((s) => s.roundTripsToAllReplies)),
    roundTripsToFirstReplyWorst: Math.max(...pick((s) => s.roundTripsToFirstReply)),
    roundTripsToAllRepliesWorst: Math.max(...pick((s) => s.roundTripsToAllReplies)),
    requestsToAllReplies: medianOf(pick((s) => s.requestsToAllReplies)),
    maxInFlight: Math.max(...pick((s) => s.maxInFlight)),
    maxInFlightReplies: Math.max(...pick((s) => s.maxInFlightReplies)),
    timeToAllRepliesSamplesMs: pick((s) => s.timeToAllRepliesMs),
    roundTripsToAllRepliesSamples: pick((s) => s.roundTripsToAllReplies),
    requestsByEndpoint: samples.at(-1)?.requestsByEndpoint ?? {},
    corsPreflights: medianOf(pick((s) => s.corsPreflights)),
    replyRequestMedianMs: medianOf(nullable((s) => s.replyRequestMedianMs)),
  };
}
