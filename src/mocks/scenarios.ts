/**
 * Mock scenarios: each is a database seed and/or handler options (latency, faults, overriding
 * handlers placed first: the left-most handler that answers wins, as in msw). Chosen in the browser
 * by `?scenario=<name>` or the mock panel (scenario-choice.ts); names and texts: scenario-names.ts.
 */
import { http } from 'msw';
import type { HttpHandler } from 'msw';
import type { MockDb } from './db';
import { createHandlers, resolveMockBaseUrl } from './handlers';
import { ALL_FAULTS, type FaultConfig } from './handlers/faults';
import { errorResponse } from './handlers/shared';
import { LONG_THREAD_ROOT, longThreadsSeed } from './long-thread-seed';
import type { MockMedia } from './media';
import type { MockDbSnapshot } from './model';
import { MOCK_USER_IDS } from './fixtures';
import { arrivingSeed, emptySeed, heavyNsfwSeed, hostileSeed, mockAccountData, repliesUnseenLocalState, repliesUnseenSeed } from './scenario-seeds';
import type { ScenarioKnobs, ScenarioName } from './scenario-names';

/** Long enough for loading states to be seen, short enough not to annoy. */
export const BROWSER_LATENCY_MS = 120;

export interface Scenario {
  /** The database state; the fixtures when absent. Pictures resolve with `media`. */
  seed?: (media: MockMedia) => MockDbSnapshot;
  /** Which sliders the panel shows. */
  knobs?: ReadonlyArray<keyof ScenarioKnobs>;
  latencyMs?: (knobs: ScenarioKnobs) => number;
  faults?: (knobs: ScenarioKnobs) => FaultConfig | null;
  /** Handlers placed before the real ones. `url(path)` is `${base}${path}`. */
  overrides?: (url: (path: string) => string) => HttpHandler[];
  /**
   * What the app keeps in this browser's localStorage (key → stored text), given the scenario's seed;
   * written when the scenario begins, after the rest of the app's local state was cleared.
   */
  local?: (seed: MockDbSnapshot) => Record<string, string>;
  /** Places worth opening in this scenario (hash routes). */
  links?: ReadonlyArray<{ label: string; href: string }>;
  /** Others keep posting: a new post every `everyMs` from when the handlers start (see `arrivingPosts`). */
  arrivals?: { everyMs: number };
}

/** Who posts in the posts-arriving scenario, in turn (never ada, whom a designer signs in as). */
const ARRIVING_AUTHORS = [MOCK_USER_IDS.bram, MOCK_USER_IDS.chen, MOCK_USER_IDS.dalia];

/**
 * A handler placed first that lets the posts due by now arrive before any request is answered (and
 * answers nothing itself): no timer runs, the feed finds them at its next check as it would on a
 * server where others post. `now` is read per request.
 */
export function arrivingPosts(url: (path: string) => string, db: MockDb, everyMs: number, now: () => number = Date.now): HttpHandler {
  const start = now();
  let arrived = 0;
  return http.all(url('/v2/*'), () => {
    const due = Math.floor((now() - start) / everyMs);
    for (; arrived < due; arrived += 1) {
      db.createPost(ARRIVING_AUTHORS[arrived % ARRIVING_AUTHORS.length]!, { content: `New post number ${arrived + 1}: it arrived while the page was open.`, from: 'posts-arriving' });
    }
    return undefined;
  });
}

const isBlog = (request: Request) => new URL(request.url).pathname.endsWith('/v2/blog/latest');

export const SCENARIOS: Record<ScenarioName, Scenario> = {
  default: {},
  empty: {
    seed: emptySeed,
    overrides: (url) => [http.get(url('/v2/blog/latest'), () => errorResponse(404, 'No blog entries yet'))],
  },
  // Signed out, nothing remembered: what switching does anyway, plus the token (SIGNED_OUT_SCENARIOS).
  'first-visit': {},
  'heavy-nsfw': { seed: heavyNsfwSeed },
  'long-threads': {
    seed: longThreadsSeed,
    links: [{ label: 'Open the 120-reply thread', href: `#/post/${LONG_THREAD_ROOT}` }],
  },
  // The keys and format of entities/account/account-data.ts and entities/mute/mute-store.ts (the
  // mock may not import them; a test checks they agree).
  muted: {
    local: () =>
      mockAccountData('mutes', JSON.stringify({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: ['playlist'] })),
    links: [{ label: 'Open a thread with a folded reply', href: '#/post/5' }],
  },
  'replies-unseen': {
    seed: repliesUnseenSeed,
    local: repliesUnseenLocalState,
    links: [{ label: 'Open Replies', href: '#/replies' }],
  },
  // The key and format of entities/post/last-seen.ts (the post id in decimal), beside replies-unseen's.
  // Saved most recently first: 73, then 60, then 31 (deleted in the seed: 31–48 are).
  saved: {
    local: () => mockAccountData('saved', JSON.stringify(['73', '31', '60'])),
    links: [{ label: 'Open Saved posts', href: '#/saved' }],
  },
  'caught-up': {
    seed: repliesUnseenSeed,
    local: (seed) => ({ ...repliesUnseenLocalState(seed), ...mockAccountData('lastSeen', '72') }),
  },
  'posts-arriving': { seed: arrivingSeed, arrivals: { everyMs: 20_000 } },
  hostile: { seed: hostileSeed },
  slow: { knobs: ['latencyMs'], latencyMs: (knobs) => knobs.latencyMs },
  flaky: {
    knobs: ['errorRate'],
    faults: (knobs) => ({ rate: knobs.errorRate, kinds: ALL_FAULTS }),
  },
  'server-errors': {
    // The token check is spared so a designer can still sign in and see the errors that follow.
    faults: () => ({ rate: 1, kinds: ['500', '429', 'timeout'], spare: /\/v2\/ping$/, hangMs: 2_000 }),
  },
  'expired-token': {
    overrides: (url) => [
      http.all(url('/v2/*'), ({ request }) =>
        request.method === 'OPTIONS' || isBlog(request) ? undefined : errorResponse(401, 'Token expired'),
      ),
    ],
  },
};

export interface ScenarioHandlersOptions {
  baseUrl: string;
  db: MockDb;
  /** Read per request, so the panel's sliders apply without a reload. */
  knobs: () => ScenarioKnobs;
  /** Latency of scenarios that set none. */
  baseLatencyMs?: number;
}

export function scenarioHandlers(scenario: Scenario, options: ScenarioHandlersOptions): HttpHandler[] {
  const { baseUrl, db, knobs, baseLatencyMs = BROWSER_LATENCY_MS } = options;
  const base = resolveMockBaseUrl(baseUrl);
  const { latencyMs, faults, overrides, arrivals } = scenario;
  const handlers = createHandlers({
    baseUrl: base,
    db,
    latencyMs: latencyMs ? () => latencyMs(knobs()) : baseLatencyMs,
    faults: faults ? () => faults(knobs()) : undefined,
  });
  const url = (path: string) => `${base}${path}`;
  return [...(arrivals ? [arrivingPosts(url, db, arrivals.everyMs)] : []), ...(overrides?.(url) ?? []), ...handlers];
}
