/**
 * A first visit's head discovery, simulated: the app's own `discoverHead` and `scanPage`
 * (src/entities/post/feed-scan.ts) against a fake API that answers a round trip at a time
 * (test/support/first-visit.ts, which the budget tests use too), over many id layouts. Prints, as
 * JSON, the mean round trips until the first page (the feed's FIRST_VISIT_PAGE_SIZE posts) has been
 * read, overall and by the newest id's size, how often the first page starts below the newest post
 * (the candidate the narrowing read, up to 15 ids below it: the check after the paint finds the
 * rest and the feed offers them as new), how often the discovery stops below a run of deleted ids
 * longer than the tolerance (the spec's rule, right by it but not the newest), and the three
 * layouts the bench measures in a browser (--id-layouts). Run it before and after a change to the
 * discovery: docs/performance.md, 2026-11-29 (third session).
 *
 *   npm --prefix bench run discovery-sim [-- --layouts 2000 --seed 1]
 *
 * The layouts: newest ids log-uniform from 30 to 300,000; a quarter each with 0, 2, 5 and 15 % of
 * ids deleted at random, plus a run of 5–24 deleted ids for every 500 ids.
 */
import { parseArgs } from 'node:util';
import { firstVisit, type FirstVisit } from '../../test/support/first-visit';
import { ID_LAYOUTS } from './args';
import { idLayoutDb } from './seed';

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
}

/** 1..newest with `deleted` of the ids gone at random, plus a run of 5–24 for every 500 ids; `newest` kept. */
export function layout(newest: number, deleted: number, seed: number): Set<number> {
  const next = random(seed);
  const ids = new Set<number>();
  for (let id = 1; id <= newest; id += 1) if (next() >= deleted) ids.add(id);
  for (let run = 0; run < Math.floor(newest / 500); run += 1) {
    const from = Math.floor(next() * newest);
    const length = 5 + Math.floor(next() * 20);
    for (let id = from; id < from + length; id += 1) ids.delete(id);
  }
  ids.add(newest);
  return ids;
}

/** The ids of a layout the bench measures in a browser (--id-layouts), from the database it serves. */
export const benchLayoutIds = (name: (typeof ID_LAYOUTS)[number]) => new Set(idLayoutDb(name).snapshot().posts.map((post) => post.id));

const BANDS = [300, 3_000, 30_000, 300_000];

async function main() {
  const { values } = parseArgs({ options: { layouts: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' } } });
  const count = Number(values.layouts);
  const seed = Number(values.seed);
  const rates = [0, 0.02, 0.05, 0.15];
  const byBand = BANDS.map(() => ({ visits: 0, roundTrips: 0 }));
  let roundTrips = 0;
  let belowNewest = 0;
  let stoppedEarly = 0;
  for (let i = 0; i < count; i += 1) {
    const newest = Math.round(30 * 10 ** (((i + 0.5) / count) * 4));
    const visit = await firstVisit(layout(newest, rates[i % rates.length]!, seed + i));
    roundTrips += visit.roundTrips;
    if (visit.top !== visit.head) belowNewest += 1;
    if (visit.head !== newest) stoppedEarly += 1;
    const band = byBand[BANDS.findIndex((limit) => newest < limit)]!;
    band.visits += 1;
    band.roundTrips += visit.roundTrips;
  }
  const benchLayouts: Record<string, FirstVisit> = {};
  for (const name of ID_LAYOUTS) benchLayouts[name] = await firstVisit(benchLayoutIds(name));
  const mean = (sum: number, n: number) => Math.round((sum / n) * 100) / 100;
  console.log(
    JSON.stringify(
      {
        layouts: count,
        meanRoundTripsToFirstPage: mean(roundTrips, count),
        byNewestId: Object.fromEntries(BANDS.map((limit, b) => [`below ${limit}`, mean(byBand[b]!.roundTrips, byBand[b]!.visits)])),
        firstPageBelowNewest: belowNewest,
        stoppedBelowALongRun: stoppedEarly,
        benchLayouts,
      },
      null,
      2,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
