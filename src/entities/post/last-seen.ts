/**
 * "Last seen", per account, on this device: the newest post that was on screen in the feed, kept as
 * the account's `lastSeen` (account-data.ts) in the format the account's export reads and writes:
 * the post id in decimal, "1234". It only moves forward (a thread or an older page on screen never
 * moves it back), survives a reload and is shared by the account's tabs (another tab's write is
 * read at its next visit). What is stored in another shape counts as nothing seen yet, never trusted.
 *
 * A visit's mark: what the account had seen when this visit began, taken before the visit's first
 * write and kept for the visit, so the feed's "caught up" line stays where it is while the reader
 * scrolls. A visit begins with the page, and again on coming back to the tab after a while
 * (tab-return.ts). Loaded on demand (the feed's later part, features/posts/components/feed-visit.tsx).
 */
import { readAccountData } from '../account/account-data';
import { writeAccountData } from '../account/account-data-writes';
import { createStore } from '../../lib/external-store';
import { onTabReturn } from './tab-return';

// Checked by hand, as saved-store.ts does: a safe integer's digits.
const POST_ID = /^\d{1,15}$/;

/** The stored id, or 0 for nothing seen yet (nothing stored, or something else). */
export function parseLastSeen(raw: string | null): number {
  return raw !== null && POST_ID.test(raw) ? Number(raw) : 0;
}

/** The newest post `account` has seen in the feed on this device; 0 when none is known. */
export const readLastSeen = (account: string): number => parseLastSeen(readAccountData(account, 'lastSeen'));

const marks = new Map<string, number>();
/** Bumped when a new visit begins: marks are read again. */
export const visitRevision = createStore(0);

/** What `account` had seen when this visit began (0: nothing yet, so nothing is new to it). */
export function visitMark(account: string): number {
  let mark = marks.get(account);
  if (mark === undefined) {
    mark = readLastSeen(account);
    marks.set(account, mark);
  }
  return mark;
}

/** Post `id` was on screen for `account`: kept when it is newer than what was seen before. */
export function recordSeen(account: string, id: number): void {
  // The visit's mark first: this write belongs to the visit.
  visitMark(account);
  if (Number.isSafeInteger(id) && id > readLastSeen(account)) writeAccountData(account, 'lastSeen', String(id));
}

/** A new visit: every account's mark is taken again, from what it has seen until now. */
export function startVisit(): void {
  marks.clear();
  visitRevision.set(visitRevision.get() + 1);
}

onTabReturn(startVisit);
