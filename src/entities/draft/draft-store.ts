/**
 * Drafts are saved as the person types, per account and per context ("new" or "reply:<id>"), in
 * localStorage so they survive a reload, a crash, an expired session and signing in again; they
 * are cleared when the server confirms the post, or when the person discards them at sign-out.
 *
 * Each composer keeps its own: its draft sits under `<context>#<composer id>` (draftKey), the id
 * kept in sessionStorage for the tab and context (composerId), so a reload of the tab finds its
 * draft again and two tabs writing in the same context never overwrite each other. A key without
 * `#` (written before composers had ids, or imported) belongs to no composer: it is one of the
 * "other drafts" a composer offers (otherDrafts), so an upgrade loses nothing.
 *
 * One entry per account (its `drafts`, entities/account/account-data.ts: a map of context to
 * draft): counting and discarding an account's drafts each touch one key. The account is its
 * local id, which a rename does not change, so one person's drafts are never read under another name.
 */
import * as z from 'zod/mini';
import { anyObject } from '../../lib/collection-kinds';
import { boolean } from '../../lib/schema-kinds';
import { readAccountData } from '../account/account-data';
import { writeAccountData } from '../account/account-data-writes';
import { forgetUnkeyedDrafts } from './unkeyed-drafts';

const draftSchema = z.object({
  content: z.string(),
  from: z.string(),
  lock: boolean(),
  nsfw: boolean(),
  savedAt: z.number(),
});
// An object of any keys (lib/schema-kinds.ts: zod's record and loose object are kinds no first screen needs).
const storedDraftsSchema = anyObject();

export type Draft = z.output<typeof draftSchema>;
type DraftFields = Omit<Draft, 'savedAt'>;


export const EMPTY_DRAFT: Draft = { content: '', from: '', lock: false, nsfw: false, savedAt: 0 };

export function draftContext(parentId?: string | null): string {
  return parentId ? `reply:${parentId}` : 'new';
}

export function isBlankDraft(draft: Pick<Draft, 'content' | 'from'>): boolean {
  return draft.content.trim() === '' && draft.from.trim() === '';
}

/** `new#k3x9` → `new`; a plain context stays as it is. */
export function contextOf(key: string): string {
  const hash = key.indexOf('#');
  return hash === -1 ? key : key.slice(0, hash);
}

/** Where the composer `composerId` keeps its draft for `context`. */
export function draftKey(context: string, composerId: string): string {
  return `${context}#${composerId}`;
}

const COMPOSER_ID_PREFIX = 'social.composer:';
const memoryIds: Record<string, string> = {};

/** A fresh id: a composer's, or one for a draft that belongs to none (an imported one). */
export function newComposerId(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

/**
 * This tab's composer id for `context`: the same after a reload of the tab (sessionStorage), another
 * in another tab. Without sessionStorage it lasts as long as the page.
 */
export function composerId(context: string): string {
  const key = COMPOSER_ID_PREFIX + context;
  try {
    const kept = window.sessionStorage.getItem(key);
    if (kept) return kept;
    const id = newComposerId();
    window.sessionStorage.setItem(key, id);
    return id;
  } catch {
    memoryIds[key] ??= newComposerId();
    return memoryIds[key];
  }
}

interface ComposerLocks {
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
}

const claims = new Map<string, Promise<string>>();
/** Ends the hold on a claimed id's lock. */
const holds = new Map<string, () => void>();
/** Ids released while their claim was still being decided: not held once it is. */
const dropped = new Set<string>();

/**
 * A duplicated tab starts with a copy of the first one's sessionStorage, its composer ids included:
 * the two would write one draft. So a page holds a Web Lock named for each composer id it uses, for
 * as long as it lives; an id whose lock another open tab holds is given up for a fresh one, kept for
 * this tab from then on. Resolves the id to use (`id` itself, where Web Locks are missing).
 */
export function claimComposerId(context: string, id: string, locks: ComposerLocks | null = browserLocks()): Promise<string> {
  if (!locks) return Promise.resolve(id);
  const known = claims.get(id);
  if (known) return known;
  const claim = new Promise<string>((resolve) => {
    locks
      .request(`${COMPOSER_ID_PREFIX}${id}`, { ifAvailable: true }, (lock) => {
        // Decided: a release meanwhile is remembered no longer, whichever way it went.
        const wasDropped = dropped.delete(id);
        if (lock) {
          resolve(id);
          if (wasDropped) return;
          // Held until the composer lets it go with nothing in it (releaseComposerId), or the page goes.
          return new Promise<void>((release) => holds.set(id, release));
        }
        const fresh = newComposerId();
        try {
          window.sessionStorage.setItem(COMPOSER_ID_PREFIX + context, fresh);
        } catch {
          memoryIds[COMPOSER_ID_PREFIX + context] = fresh;
        }
        resolve(claimComposerId(context, fresh, locks));
      })
      .catch(() => {
        dropped.delete(id);
        resolve(id);
      });
  });
  claims.set(id, claim);
  return claim;
}

/**
 * A composer that leaves with nothing in it lets go of its id's lock and claim (issue 38: a tab
 * held one for every post it ever opened a reply box under, for as long as it stayed open). The id
 * stays the tab's for the context: another account signed in here may keep a draft under it. A
 * composer there later claims it again, or takes a fresh one if a duplicated tab has it meanwhile.
 */
export function releaseComposerId(id: string): void {
  const release = holds.get(id);
  if (release) release();
  else if (claims.has(id)) dropped.add(id);
  holds.delete(id);
  claims.delete(id);
}

function browserLocks(): ComposerLocks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as unknown as ComposerLocks) : null;
}


export interface OtherDraft {
  key: string;
  draft: Draft;
}

/**
 * The account's drafts for `context` other than `ownKey`'s, the most recently saved first: another
 * tab's, one left by a tab that closed, one from before composers had ids or from an imported file.
 * Only the same context: using a reply's draft in a new post (or in a reply to another post) would
 * send it somewhere it was not written for.
 */
export function otherDrafts(account: string, context: string, ownKey: string): OtherDraft[] {
  if (!account) return [];
  return Object.entries(readDrafts(account))
    .filter(([key]) => key !== ownKey && contextOf(key) === context)
    .map(([key, draft]) => ({ key, draft }))
    .sort((a, b) => b.draft.savedAt - a.draft.savedAt);
}

/** This account's drafts by key (context, or context#composer); entries of another shape (an older version, a hand edit) are left out. */
export function readDrafts(account: string): Record<string, Draft> {
  const raw = readAccountData(account, 'drafts');
  if (raw === null) return {};
  let stored: Record<string, unknown>;
  try {
    const parsed = storedDraftsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return {};
    stored = parsed.data;
  } catch {
    return {};
  }
  const drafts: Record<string, Draft> = {};
  for (const [context, value] of Object.entries(stored)) {
    const draft = draftSchema.safeParse(value);
    if (draft.success && !isBlankDraft(draft.data)) drafts[context] = draft.data;
  }
  return drafts;
}

function writeAll(account: string, drafts: Record<string, Draft>): void {
  writeAccountData(account, 'drafts', Object.keys(drafts).length === 0 ? null : JSON.stringify(drafts));
}

// `account` is the local id (accountIdOf()); without one (who the account is not known yet) nothing is stored.

// `key`: a composer's (draftKey) or a plain context (a draft of nobody's).

export function loadDraft(account: string, key: string): Draft {
  forgetUnkeyedDrafts();
  if (!account) return EMPTY_DRAFT;
  return readDrafts(account)[key] ?? EMPTY_DRAFT;
}

export function saveDraft(account: string, key: string, draft: DraftFields): void {
  if (!account) return;
  // Read, change one key, write back at once: every other composer's draft stays.
  const drafts = readDrafts(account);
  if (isBlankDraft(draft)) delete drafts[key];
  else drafts[key] = { ...draft, savedAt: Date.now() };
  writeAll(account, drafts);
}

/** Clears this one draft (`key`) and no other: another composer's in the same context stays. */
export function clearDraft(account: string, key: string): void {
  saveDraft(account, key, EMPTY_DRAFT);
}

/** How many unsent drafts this account keeps on this device (asked at sign-out). */
export function countDrafts(account: string): number {
  forgetUnkeyedDrafts();
  return account ? Object.keys(readDrafts(account)).length : 0;
}

export function discardDrafts(account: string): void {
  writeAccountData(account, 'drafts', null);
}
