/**
 * `npm run shaped -- [--dist DIR]... [--runs N] [--pages a,b] [--cpu N]` (in bench/; `--dist` is
 * relative to the app's root, default dist)
 *
 * Lighthouse (mobile, performance) on a real load through a slow link: the bench's servers (HTTP
 * mock API, static site with compression) behind shaped-link.ts (RTT 150 ms, 1.6
 * Mbit/s down, 750 kbit/s up, one shared link, Lighthouse's slow 4G figures), the CPU slowed by
 * DevTools (`--cpu`, default 4), nothing simulated. A second opinion beside the bench's Lighthouse
 * figures (simulated) for changes whose effect the simulation models poorly, such as requests sent
 * beside a large download. Only Lighthouse's public settings are changed: `throttlingMethod:
 * 'devtools'` with the CPU slowdown and no network throttling of its own (the link does that).
 *
 * Pages: floor (bench/floor, built here), signIn (the signed-out home), feed (signed in, API on
 * another origin, each origin behind its own proxy on the one link), feedSameOrigin (the API behind
 * the page's origin, as deploy/nginx.conf serves it). With several `--dist`, runs interleave build
 * by build, so a busy spell of the machine falls on all alike. Prints JSON (medians and samples per
 * build and page, every figure over the floor's); progress on stderr. A development tool, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from 'lighthouse';
import { startStaticServer } from '../../scripts/serve.ts';
import { LIGHTHOUSE_PAGES, type LighthousePage } from './args';
import { buildFloor, ROOT } from './builds';
import { progress } from './log';
import { failedRun, runLighthouse, summarise, vsFloor, type LighthouseRun } from './scenarios/lighthouse';
import { startApp } from './servers';
import { SLOW_4G_LINK, startShapedLink } from './shaped-link';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true, default: ['dist'] },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: LIGHTHOUSE_PAGES.join(',') },
    cpu: { type: 'string', default: '4' },
  },
});

const runs = Number(values.runs);
const cpu = Number(values.cpu);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
if (!Number.isFinite(cpu) || cpu < 1 || cpu > 20) throw new Error('--cpu must be a number from 1 to 20');
const pages = values.pages.split(',').map((p) => p.trim()).filter(Boolean) as LighthousePage[];
const unknown = pages.filter((p) => !(LIGHTHOUSE_PAGES as readonly string[]).includes(p));
if (unknown.length) throw new Error(`unknown page(s): ${unknown.join(', ')} (known: ${LIGHTHOUSE_PAGES.join(', ')})`);

/** DevTools slows the CPU only: the link does the network (zero here means no DevTools network throttling). */
const settings: Config['settings'] = {
  throttlingMethod: 'devtools',
  throttling: { cpuSlowdownMultiplier: cpu, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
};

const floorDir = pages.includes('floor') ? mkdtempSync(path.join(tmpdir(), 'shaped-floor-')) : null;

/** One load of `page` from `dist` through a link of its own (a fresh queue each run). */
async function load(dist: string, page: LighthousePage): Promise<LighthouseRun> {
  const link = startShapedLink();
  try {
    if (page === 'floor') {
      const site = await startStaticServer({ root: floorDir!, precompress: true });
      try {
        return await runLighthouse(await link.expose(site.url), null, { settings });
      } finally {
        await site.close();
      }
    }
    const app = await startApp({ dist, latencyMs: 0, sameOrigin: page === 'feedSameOrigin', exposeApi: (url) => link.expose(url) });
    try {
      const url = await link.expose(app.url);
      return await runLighthouse(url, page === 'signIn' ? null : new URL(url).origin, { settings });
    } finally {
      await app.close();
    }
  } finally {
    await link.close();
  }
}

try {
  if (floorDir) {
    progress('shaped-lighthouse: building the floor page');
    await buildFloor(floorDir);
  }
  const dists = values.dist.map((d) => path.resolve(ROOT, d));
  const samples = new Map<string, Partial<Record<LighthousePage, LighthouseRun[]>>>(dists.map((d) => [d, {}]));
  for (let i = 0; i < runs; i += 1) {
    for (const dist of dists) {
      for (const page of pages) {
        // The floor is the same for every build: measured once per run.
        if (page === 'floor' && dist !== dists[0]) continue;
        progress(`shaped-lighthouse: ${path.basename(dist)} ${page} run ${i + 1}/${runs}`);
        const result = await load(dist, page).catch(failedRun);
        (samples.get(dist)![page] ??= []).push(result);
      }
    }
  }
  const floorRuns = samples.get(dists[0]!)!.floor;
  const floor = floorRuns ? summarise(floorRuns) : null;
  const builds = Object.fromEntries(
    dists.map((dist) => {
      const figures = Object.fromEntries(
        Object.entries(samples.get(dist)!).filter(([page]) => page !== 'floor').map(([page, list]) => {
          const summary = summarise(list);
          return [page, { ...summary, vsFloor: floor ? vsFloor(summary, floor) : null }];
        }),
      );
      return [dist, figures];
    }),
  );
  console.log(JSON.stringify({ settings: `Lighthouse mobile, DevTools CPU ${cpu}x, network through a shaped link`, link: SLOW_4G_LINK, runsPerPage: runs, floor, builds }, null, 1));
} finally {
  if (floorDir) rmSync(floorDir, { recursive: true, force: true });
}
process.exit(0);
