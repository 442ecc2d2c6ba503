import { createStore } from '../../lib/external-store';

/**
 * What the header's "Replies" link shows when replies are unseen: its accessible name ("Replies, 2
 * new") and the badge's number, in the language in force. Set by the count logic (replies-watch),
 * which loads after the first content with its text; null while nothing is unseen or not known yet.
 */
export const repliesBadge = createStore<{ label: string; badge: string } | null>(null);
