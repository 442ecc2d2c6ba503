/** The mock scenarios by name, with what a designer reads about each (behaviour: scenarios.ts). */

export const SCENARIO_NAMES = [
  'default',
  'empty',
  'first-visit',
  'heavy-nsfw',
  'long-threads',
  'muted',
  'saved',
  'replies-unseen',
  'caught-up',
  'posts-arriving',
  'hostile',
  'slow',
  'flaky',
  'server-errors',
  'expired-token',
] as const;

export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIO_NAMES as readonly string[]).includes(value);
}

/** Switching to these signs the person out: the token goes with the rest of the local state. */
export const SIGNED_OUT_SCENARIOS: ReadonlySet<ScenarioName> = new Set(['first-visit']);

/** The adjustable parts, set with the panel's sliders. */
export interface ScenarioKnobs {
  /** Delay before every answer in the slow scenario, ms. */
  latencyMs: number;
  /** Share of requests that fail in the flaky scenario, 0..1. */
  errorRate: number;
}

export const DEFAULT_KNOBS: ScenarioKnobs = { latencyMs: 1500, errorRate: 0.3 };

export interface ScenarioInfo {
  label: string;
  description: string;
}

export const SCENARIO_INFO: Record<ScenarioName, ScenarioInfo> = {
  default: { label: 'Default', description: 'The seed data: five users, about 60 posts, replies, a blog entry.' },
  empty: { label: 'Empty', description: 'No posts at all, and no blog entry (the blog answers 404).' },
  'first-visit': {
    label: 'First visit',
    description: 'Signed out, no remembered posts, no drafts: what a newcomer sees.',
  },
  'heavy-nsfw': { label: 'Heavy NSFW', description: 'Most posts and two profiles are marked sensitive.' },
  'long-threads': {
    label: 'Long threads',
    description: 'Post 78 has 120 replies, one chain twelve levels deep, and a reply with eight of its own.',
  },
  muted: {
    label: 'Muted',
    description:
      'Ada has muted chen_w and the word "playlist" on this device: their posts are gone from her feed, and chen_w’s reply in post 5’s thread is folded to one line.',
  },
  saved: {
    label: 'Saved posts',
    description:
      'ada has saved three posts on this device (sign in as Ada Lovelace): Saved in the header lists them, most recently saved first; one of them was deleted since ("This post was deleted", with Remove). The empty scenario shows "Nothing saved yet".',
  },
  'replies-unseen': {
    label: 'Replies unseen',
    description: 'Signed in as ada: three replies to her posts came since her last visit ("Replies, 3 new"); opening Replies marks them seen.',
  },
  'caught-up': {
    label: 'Caught up',
    description:
      'Signed in as ada, back after a while: she last saw the feed at post 72, and five posts by others came since (three are replies to her). The feed opens at the newest with "5 new since your last visit", the line "You’re caught up — seen before" sits above post 72, and the tab reads "(3) Social" for the unseen replies.',
  },
  'posts-arriving': {
    label: 'Posts arriving',
    description:
      'Someone else posts every 20 seconds while the page is open: the feed offers "1 new post" (then more) at its next check for new posts (within a minute, or at once on coming back to the tab after a while), and the tab’s title counts them ("(1) Social").',
  },
  hostile: {
    label: 'Hostile content',
    description: 'HTML, script, bidi tricks and very long text in every post, name, bio and the blog.',
  },
  slow: { label: 'Slow network', description: 'Every answer waits (adjustable): loading states stay up.' },
  flaky: {
    label: 'Flaky network',
    description: 'A share of requests (adjustable) fail: 500, 503 HTML, 429, or dropped before or after applying.',
  },
  'server-errors': {
    label: 'Server errors',
    description: 'Everything but the token check answers 500, 429 or hangs then 504; the blog banner stays away.',
  },
  'expired-token': {
    label: 'Expired token',
    description: 'Every authenticated request answers 401: a signed-in person lands on sign-in with the reason.',
  },
};
