/**
 * Drafts are saved as the person types, per account and per context ("new" or "reply:<id>"), in
 * localStorage so they survive a reload, a crash, an expired session and signing in again; they
 * are cleared when the server confirms the post, or when the person discards them at sign-out.
 *
 * One entry per account (its `drafts`, entities/account/account-data.ts: a map of context to
 * draft): counting and discarding an account's drafts each touch one key. The account is its
 * local id, which a rename does not change, so one person's drafts are never read under another name.
 */
import * as z from 'zod/mini';
import { readAccountData, writeAccountData } from '../account/account-data';
import { forgetUnkeyedDrafts } from './unkeyed-drafts';

const draftSchema = z.object({
  content: z.string(),
  from: z.string(),
  lock: z.boolean(),
  nsfw: z.boolean(),
  savedAt: z.number(),
});
const storedDraftsSchema = z.record(z.string(), z.unknown());

export type Draft = z.output<typeof draftSchema>;
type DraftFields = Omit<Draft, 'savedAt'>;


export const EMPTY_DRAFT: Draft = { content: '', from: '', lock: false, nsfw: false, savedAt: 0 };

export function draftContext(parentId?: string | null): string {
  return parentId ? `reply:${parentId}` : 'new';
}

export function isBlankDraft(draft: Pick<Draft, 'content' | 'from'>): boolean {
  return draft.content.trim() === '' && draft.from.trim() === '';
}

/** This account's drafts by context; entries of another shape (an older version, a hand edit) are left out. */
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

export function loadDraft(account: string, context: string): Draft {
  forgetUnkeyedDrafts();
  if (!account) return EMPTY_DRAFT;
  return readDrafts(account)[context] ?? EMPTY_DRAFT;
}

export function saveDraft(account: string, context: string, draft: DraftFields): void {
  if (!account) return;
  // Read, change one context, write back at once: another tab's draft for another context stays.
  const drafts = readDrafts(account);
  if (isBlankDraft(draft)) delete drafts[context];
  else drafts[context] = { ...draft, savedAt: Date.now() };
  writeAll(account, drafts);
}

export function clearDraft(account: string, context: string): void {
  saveDraft(account, context, EMPTY_DRAFT);
}

/** How many unsent drafts this account keeps on this device (asked at sign-out). */
export function countDrafts(account: string): number {
  forgetUnkeyedDrafts();
  return account ? Object.keys(readDrafts(account)).length : 0;
}

export function discardDrafts(account: string): void {
  writeAccountData(account, 'drafts', null);
}
