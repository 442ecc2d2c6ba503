import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ArrowUpIcon } from '../../../components/ui/later-icons';
import { feedQueries } from '../../../entities/post/feed-queries';
import { useT } from '../../../i18n/use-t';
import { newerPostsQuery, showNewerPosts } from '../api/newer-posts';

/**
 * The head query, checked again by the one head poll (entities/post/head-poll.ts, which the feed's
 * later part asks for and the replies watch shares: at once on start and on coming back after a while,
 * then every minute while the tab is visible), and the posts between the top of the feed and that head. The first discovery of a return visit puts them at
 * the top at once (the page started from the remembered id, below them); anything else waits for
 * the reader behind a "new posts" pill, never pushing what is on screen: later checks, and on a
 * first visit what the tolerance check finds above the head the first page started from
 * (`fromDiscovery`).
 */
export function useNewPosts(top: number | undefined, fromDiscovery = false) {
  const client = useQueryClient();
  const head = useQuery(feedQueries.head());
  const headId = head.data;
  const enabled = top !== undefined && headId !== undefined && headId > top;
  const newer = useQuery({ ...newerPostsQuery(top ?? 0, headId ?? 0), enabled });
  const found = enabled ? newer.data : undefined;
  // Read at render, which every head result causes: 1 means this result is the session's first.
  const firstDiscovery = !fromDiscovery && (client.getQueryState(feedQueries.head().queryKey)?.dataUpdateCount ?? 0) <= 1;
  // Posts created here are on the feed already (feed-cache.ts): not news. Read at render, which every
  // change of the feed's pages causes (the feed renders this).
  const shown = client.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.ids;
  const unseen = found ? found.ids.filter((id) => !shown?.includes(id)) : [];

  useEffect(() => {
    // Nothing new to show (all deleted, or all created here) moves the top silently, so the next
    // check starts higher.
    if (found && (firstDiscovery || unseen.length === 0)) showNewerPosts(client, found);
  }, [client, found, firstDiscovery, unseen.length]);

  return {
    /** The new posts waiting behind the pill. */
    ids: found && !firstDiscovery ? unseen : [],
    more: found ? !found.complete : false,
    show: () => {
      if (found) showNewerPosts(client, found);
    },
  };
}

interface NewPostsPillProps {
  count: number;
  more: boolean;
  onShow(): void;
}

export function NewPostsPill({ count, more, onShow }: NewPostsPillProps) {
  const t = useT();
  return (
    // Zero height: the pill floats over the posts instead of pushing them down (styles.css).
    <div aria-live="polite" className="new-posts-bar">
      {count > 0 && (
        <button type="button" className="button button-primary feed-new-posts" onClick={onShow}>
          <ArrowUpIcon /> {t(more ? 'visit.newPostsMore' : 'visit.newPosts', { count })}
        </button>
      )}
    </div>
  );
}
