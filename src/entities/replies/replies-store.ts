/**
 * Replies to you, per account, in localStorage (the account's `replies`,
 * entities/account/account-data.ts): the ids of your posts this browser has seen (newest OWN_LIMIT), the
 * replies to them found so far (newest REPLY_LIMIT, each with the post it answers and whether it
 * was seen), and the baseline. Ids only, never text: the posts themselves live in the query cache.
 * What is read is validated; anything of another shape is left out, never a crash.
 *
 * `repliesStore` reads and changes an account's state by its local id (a change is read, made and
 * written back at once: another tab may have written meanwhile), and gives the account in use's;
 * another tab's write is read again, so opening the Replies page in one tab clears the count in
 * every tab.
 */
import * as z from 'zod/mini';
import { anyArray } from '../../lib/collection-kinds';
import { boolean } from '../../lib/schema-kinds';
import { useSyncExternalStore } from 'react';
import { accountDataRevision, readAccountData } from '../account/account-data';
import { writeAccountData } from '../account/account-data-writes';
import { accountIdOf } from '../account/token-store';

/** Your newest post ids kept (older ones are rarely answered). */
export const OWN_LIMIT = 300;
/** Replies kept, newest first. */
export const REPLY_LIMIT = 200;

export interface ReplyRecord {
  id: string;
  /** The post of yours it answers. */
  parent: string;
  seen: boolean;
}

export interface RepliesState {
  /** Your post ids, newest first. */
  own: string[];
  /** Replies to your posts, newest first. */
  replies: ReplyRecord[];
  /** Replies at or below this id existed when the account was first seen here: they count as seen. */
  since: number;
  /** The account's first catch-up has not finished: what it (or anything) finds until then counts as seen. */
  baseline: boolean;
}

// Plain checks where zod would add to the core chunk (every zod module is in it: vite.config.ts).
const isPostId = (value: unknown): value is string => typeof value === 'string' && /^\d{1,15}$/.test(value);
const replySchema = z.object({ id: z.string(), parent: z.string(), seen: boolean() });
const storedSchema = z.object({
  v: z.number(),
  own: anyArray(),
  replies: anyArray(),
  since: z.number(),
  baseline: boolean(),
});

const newestFirst = (a: string, b: string) => Number(b) - Number(a);

/** The account's state (by its local id), or null the first time (nothing stored, or nothing usable). */
export function readRepliesState(account: string | null): RepliesState | null {
  const raw = readAccountData(account, 'replies');
  if (raw === null) return null;
  try {
    return parseRepliesState(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** A stored state, validated: entries of another shape are left out; null when the whole is unusable. */
export function parseRepliesState(parsed: unknown): RepliesState | null {
  const stored = storedSchema.safeParse(parsed);
  if (!stored.success || stored.data.v !== 1) return null;
  const own = [...new Set(stored.data.own.filter(isPostId))].sort(newestFirst);
  const replies: ReplyRecord[] = [];
  const seenIds = new Set<string>();
  for (const entry of stored.data.replies) {
    const reply = replySchema.safeParse(entry);
    if (reply.success && isPostId(reply.data.id) && isPostId(reply.data.parent) && !seenIds.has(reply.data.id)) {
      seenIds.add(reply.data.id);
      replies.push(reply.data);
    }
  }
  replies.sort((a, b) => newestFirst(a.id, b.id));
  return {
    own: own.slice(0, OWN_LIMIT),
    replies: replies.slice(0, REPLY_LIMIT),
    since: Number.isSafeInteger(stored.data.since) ? stored.data.since : 0,
    baseline: stored.data.baseline,
  };
}

export function writeRepliesState(account: string, state: RepliesState): void {
  writeAccountData(account, 'replies', JSON.stringify({ v: 1, ...state }));
}

export function freshRepliesState(since: number): RepliesState {
  return { own: [], replies: [], since: Math.max(0, Math.floor(since)), baseline: true };
}

/** These ids are your posts. The same state when nothing is new. */
export function withOwn(state: RepliesState, ids: readonly string[]): RepliesState {
  const added = ids.filter((id) => isPostId(id) && !state.own.includes(id));
  if (added.length === 0) return state;
  return { ...state, own: [...new Set([...added, ...state.own])].sort(newestFirst).slice(0, OWN_LIMIT) };
}

/**
 * Replies found. New ones are unseen unless they existed before the account's first visit (at or
 * below `since`) or the baseline is still being taken.
 */
export function withReplies(state: RepliesState, found: ReadonlyArray<{ id: string; parent: string }>): RepliesState {
  const known = new Set(state.replies.map((reply) => reply.id));
  const added: ReplyRecord[] = [];
  for (const { id, parent } of found) {
    if (known.has(id) || !isPostId(id) || !isPostId(parent)) continue;
    known.add(id);
    added.push({ id, parent, seen: state.baseline || Number(id) <= state.since });
  }
  if (added.length === 0) return state;
  return { ...state, replies: [...added, ...state.replies].sort((a, b) => newestFirst(a.id, b.id)).slice(0, REPLY_LIMIT) };
}

export function withAllSeen(state: RepliesState): RepliesState {
  return state.replies.every((reply) => reply.seen) ? state : { ...state, replies: state.replies.map((reply) => ({ ...reply, seen: true })) };
}

/** Posts that are gone (deleted): no longer yours to watch, no longer a reply to list. */
export function withoutPosts(state: RepliesState, ids: readonly string[]): RepliesState {
  const gone = new Set(ids);
  if (!state.own.some((id) => gone.has(id)) && !state.replies.some((reply) => gone.has(reply.id))) return state;
  return { ...state, own: state.own.filter((id) => !gone.has(id)), replies: state.replies.filter((reply) => !gone.has(reply.id)) };
}

export function unseenCount(state: RepliesState): number {
  return state.replies.reduce((n, reply) => (reply.seen ? n : n + 1), 0);
}

// --- By account ---

export interface CurrentReplies {
  /** The account's local id. */
  account: string;
  state: RepliesState;
}

// One parsed copy per account and stored text: readers get the same object until it changes.
let last: { account: string; raw: string; value: CurrentReplies } | null = null;

function stateOf(account: string | null): CurrentReplies | null {
  const raw = readAccountData(account, 'replies');
  if (account === null || raw === null) return null;
  if (last?.account !== account || last.raw !== raw) {
    const state = readRepliesState(account);
    if (!state) return null;
    last = { account, raw, value: { account, state } };
  }
  return last.value;
}

/** Every change of the account in use or of any account's data (account-data.ts). */
const subscribe = accountDataRevision.subscribe;

export const repliesStore = {
  /** The account in use's state; null signed out, before who it is is known, or before it started. */
  get: (): CurrentReplies | null => stateOf(accountIdOf()),
  /** The state of the account `account` (its local id), null before it started. */
  of: stateOf,
  subscribe,
  /** The first time for an account its state starts here, with `since()` as the baseline. */
  start(account: string | null, since: () => number): void {
    if (account && !readRepliesState(account)) writeRepliesState(account, freshRepliesState(since()));
  },
  /** Changes the account's state: read from storage, changed, written back (nothing written when unchanged). */
  update(account: string | null, change: (state: RepliesState) => RepliesState): void {
    const stored = readRepliesState(account);
    if (!account || !stored) return;
    const next = change(stored);
    if (next !== stored) writeRepliesState(account, next);
  },
};

/** The account in use's state, or null. */
export function useRepliesState(): RepliesState | null {
  return useSyncExternalStore(subscribe, repliesStore.get, repliesStore.get)?.state ?? null;
}
