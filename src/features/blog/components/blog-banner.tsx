import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { CloseIcon } from '../../../components/ui/icons';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { RelativeTime } from '../../../components/ui/relative-time';
import { SafeImage } from '../../../components/ui/safe-image';
import { useT } from '../../../i18n/use-t';
import { safeStorage } from '../../../lib/safe-storage';
import { blogQueries } from '../../../entities/blog/queries';

const storage = safeStorage('session');
const DISMISS_KEY = 'social.blog-dismissed';

function entryKey(content: string, date: number | null): string {
  return `${date ?? ''}:${content.slice(0, 64)}`;
}

/**
 * The latest blog entry: compact, dismissible for the session, quietly absent when it fails.
 * It arrives after the page below it, so it has one fixed height, held by its loading placeholder
 * too: what is already on screen does not move when it lands. Where an entry was dismissed this
 * session no space is held (the next entry is most likely the same one).
 */
export function BlogBanner() {
  const t = useT();
  const { data, isPending, isError } = useQuery(blogQueries.latest());
  const [dismissed, setDismissed] = useState(() => storage.get(DISMISS_KEY));

  if (isError) return null;
  if (isPending) {
    return dismissed === null ? <div className="blog-banner blog-banner-loading" aria-hidden="true" /> : null;
  }
  const key = entryKey(data.content, data.date);
  if (dismissed === key) return null;
  const author = data.author;

  return (
    <aside className="blog-banner" aria-label={t('blog.latest')}>
      {/* An image that fails leaves its place empty rather than pulling the text sideways. */}
      <SafeImage
        src={data.image}
        alt=""
        className="blog-image"
        width={96}
        height={64}
        fallback={data.image ? <span className="blog-image blog-image-missing" aria-hidden="true" /> : null}
      />
      <div className="blog-body">
        <p className="blog-meta">
          {data.tag && <span className="tag">{data.tag}</span>}
          {author && (
            <span className="blog-author">
              <Avatar src={author.pfp} name={author.displayName || author.username} size={20} />
              <span>{author.displayName || author.username}</span>
            </span>
          )}
          {data.date !== null && <RelativeTime ms={data.date} />}
        </p>
        <p className="blog-content" dir="auto">
          <LinkifiedText text={data.content} />
        </p>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('blog.dismiss')}
        onClick={() => {
          storage.set(DISMISS_KEY, key);
          setDismissed(key);
        }}
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
