import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { blogQueries } from '../../../entities/blog/queries';
import { lazyRoute, useLoadedAfterFirstContent } from '../../../lib/lazy-route';
import { safeStorage } from '../../../lib/safe-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

const storage = safeStorage('session');
const DISMISS_KEY = STORAGE_KEYS.blogDismissed;

function entryKey(content: string, date: number | null): string {
  return `${date ?? ''}:${content.slice(0, 64)}`;
}

/** The entry's markup, loaded with the blog request (both wait for the page's first content). */
const BlogEntry = lazyRoute(() => import('./blog-entry').then((module) => module.BlogEntry));

/**
 * The latest blog entry: compact, dismissible for the session, quietly absent when it fails.
 * It arrives after the page below it, so it has one fixed height, held by its loading placeholder
 * too: what is already on screen does not move when it lands. Where an entry was dismissed this
 * session no space is held (the next entry is most likely the same one).
 */
export function BlogBanner() {
  const { data, isError } = useQuery(blogQueries.latest());
  const entryCode = useLoadedAfterFirstContent(BlogEntry);
  const [dismissed, setDismissed] = useState(() => storage.get(DISMISS_KEY));

  if (isError || entryCode === 'failed') return null;
  const placeholder = dismissed === null ? <div className="blog-banner blog-banner-loading" aria-hidden="true" /> : null;
  if (!data) return placeholder;
  const key = entryKey(data.content, data.date);
  if (dismissed === key) return null;
  if (entryCode === 'loading') return placeholder;
  return (
    <BlogEntry
      entry={data}
      onDismiss={() => {
        storage.set(DISMISS_KEY, key);
        setDismissed(key);
      }}
    />
  );
}
