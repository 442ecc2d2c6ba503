/**
 * Muted accounts and words, per account, in this browser only (the account's `mutes`,
 * entities/account/account-data.ts; see mute-core.ts). Nothing here talks to the server: muting
 * changes nothing there. What is read is validated; entries of another shape are left out, bad
 * JSON reads as no mutes.
 *
 * For other code: `readMutes(id)` gives an account's mutes (by its local id; the account in use's
 * is `accountIdOf()`), `useMutes()` the account in use and its mutes, and `isMutedPost(post,
 * mutes)` (match.ts) says whether a post is muted; one's own posts are never hidden (`isMine`).
 */
import { showOutcome, type Outcome } from '../../components/ui/outcome-notice';
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { anyArray, length } from '../../lib/collection-kinds';
import type { Post } from '../../lib/api/schemas';
import { foldCase, muteReason, NO_MUTES, normalizeWord, type MuteReason, type MutedAccount, type Mutes } from './match';
import { useT } from '../../i18n/use-t';
import { readAccountData } from '../account/account-data';
import { writeAccountData } from '../account/account-data-writes';
import { isMine } from '../account/own-uuid';
import { useAccountId } from '../account/token-store';
import { muteRevision } from './mute-core';

export { isMutedPost, muteReason, NO_MUTES, type MuteReason, type MutedAccount, type Mutes } from './match';

/** A muted word is at most this long (a phrase fits; a pasted article does not). */
export const MAX_WORD_LENGTH = 100;

const accountSchema = z.object({ uuid: z.string().check(length(1)), username: z.string() });
const wordSchema = z.string().check(length(1, MAX_WORD_LENGTH));
const storedSchema = z.object({ accounts: z.optional(anyArray()), words: z.optional(anyArray()) });

function parse(raw: string | null): Mutes {
  if (raw === null) return NO_MUTES;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return NO_MUTES;
  }
  const stored = storedSchema.safeParse(value);
  if (!stored.success) return NO_MUTES;
  const accounts: MutedAccount[] = [];
  for (const entry of stored.data.accounts ?? []) {
    const account = accountSchema.safeParse(entry);
    if (account.success && !accounts.some((a) => a.uuid === account.data.uuid)) accounts.push(account.data);
  }
  const words: string[] = [];
  for (const entry of stored.data.words ?? []) {
    const word = wordSchema.safeParse(entry);
    if (!word.success) continue;
    const normal = normalizeWord(word.data);
    if (normal !== '' && !words.some((w) => foldCase(w) === foldCase(normal))) words.push(normal);
  }
  return { accounts, words };
}

// One parsed copy per account and stored text: readers get the same object until it changes
// (the word matcher compiles once per list).
const cache = new Map<string, { raw: string | null; mutes: Mutes }>();

/** The account `id`'s mutes (none for a null or empty id). */
export function readMutes(id: string | null): Mutes {
  if (!id) return NO_MUTES;
  const raw = readAccountData(id, 'mutes');
  let entry = cache.get(id);
  if (entry?.raw !== raw) {
    entry = { raw, mutes: parse(raw) };
    cache.set(id, entry);
  }
  return entry.mutes;
}

function write(id: string, mutes: Mutes): void {
  const some = mutes.accounts.length > 0 || mutes.words.length > 0;
  writeAccountData(id, 'mutes', some ? JSON.stringify({ accounts: mutes.accounts, words: mutes.words }) : null);
}

export function muteAccount(account: string, muted: MutedAccount): void {
  if (!account || !muted.uuid) return;
  const mutes = readMutes(account);
  if (mutes.accounts.some((a) => a.uuid === muted.uuid)) return;
  write(account, { ...mutes, accounts: [...mutes.accounts, { uuid: muted.uuid, username: muted.username }] });
}

export function unmuteAccount(account: string, uuid: string): void {
  const mutes = readMutes(account);
  write(account, { ...mutes, accounts: mutes.accounts.filter((a) => a.uuid !== uuid) });
}

export type AddWordResult = 'added' | 'empty' | 'duplicate' | 'too-long';

/** Adds a word or phrase; says why not when it is blank, already muted (in any case) or too long. */
export function addMutedWord(account: string, word: string): AddWordResult {
  const normal = normalizeWord(word);
  if (normal === '') return 'empty';
  if (normal.length > MAX_WORD_LENGTH) return 'too-long';
  const mutes = readMutes(account);
  if (mutes.words.some((w) => foldCase(w) === foldCase(normal))) return 'duplicate';
  write(account, { ...mutes, words: [...mutes.words, normal] });
  return 'added';
}

export function removeMutedWord(account: string, word: string): void {
  const mutes = readMutes(account);
  write(account, { ...mutes, words: mutes.words.filter((w) => w !== word) });
}

/** The account in use (its local id) and its mutes; re-renders when either changes. Signed out: no account, no mutes. */
export function useMutes(): { account: string | null; mutes: Mutes } {
  const account = useAccountId();
  const read = () => readMutes(account);
  const mutes = useSyncExternalStore(muteRevision.subscribe, read, read);
  return { account, mutes };
}

/** Why this post is hidden for the account in use, or null (always null for one's own posts). */
export function useMuteReason(post: Post | undefined, own: boolean): MuteReason | null {
  const { account, mutes } = useMutes();
  return post && account && !own && !isMine(post.author) ? muteReason(post, mutes) : null;
}

/** Whether a post is hidden for the account in use (muted, and not its own: one's own posts are never hidden). */
export function isHiddenFor(post: Post, mutes: Mutes): boolean {
  return !isMine(post.author) && muteReason(post, mutes) !== null;
}

/**
 * "Mute @name" / "Unmute @name" for `user`, as the account in use has it: whether muted, the
 * control's text, and the toggle, which says what it did (announce). null where nothing is offered:
 * signed out, or an author the server sent without a uuid. Used by a post's actions and a profile.
 */
export function useAccountMuteToggle(user: MutedAccount): { muted: boolean; label: string; toggle(notice?: Pick<Outcome, 'focusAction' | 'refocus'>): void } | null {
  const t = useT();
  const { account, mutes } = useMutes();
  if (!account || !user.uuid) return null;
  const { uuid, username } = user;
  const muted = mutes.accounts.some((a) => a.uuid === uuid);
  return {
    muted,
    label: t(muted ? 'mute.unmuteAccount' : 'mute.muteAccount', { username }),
    toggle(notice) {
      if (muted) {
        unmuteAccount(account, uuid);
        announce(t('mute.unmutedAccountDone', { username }));
        return;
      }
      muteAccount(account, { uuid, username });
      // Seen, not only announced: the post it was pressed on may have left the page with it.
      showOutcome({ text: t('mute.mutedAccountDone', { username }), action: { label: t('notice.undo'), run: () => unmuteAccount(account, uuid) }, ...notice });
    },
  };
}


let region: HTMLElement | null = null;

/**
 * A polite status for a mute change, which may outlive the control that caused it (muting from a
 * post card removes the card): one visually hidden live region inside the page's main landmark,
 * made on first use.
 */
export function announce(text: string): void {
  if (typeof document === 'undefined') return;
  if (!region?.isConnected) {
    region = document.createElement('p');
    region.setAttribute('role', 'status');
    region.className = 'visually-hidden';
    (document.getElementById('main') ?? document.body).append(region);
  }
  const target = region;
  // Emptied first: the same text twice is announced twice.
  target.textContent = '';
  setTimeout(() => (target.textContent = text), 50);
}
