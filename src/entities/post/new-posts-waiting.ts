import { createStore } from '../../lib/external-store';

/**
 * How many new posts wait behind the feed's "new posts" button, muted ones left out, and for which
 * account (its local id): the tab's title counts them. Set by the feed's later part
 * (features/posts/components/feed-visit.tsx); it keeps its value while another page is shown, since
 * the posts still wait there.
 */
export const newPostsWaiting = createStore<{ account: string | null; count: number }>({ account: null, count: 0 });
