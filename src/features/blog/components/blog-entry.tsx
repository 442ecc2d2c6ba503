import { Avatar } from '../../../components/ui/avatar';
import { CloseIcon } from '../../../components/ui/icons';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { RelativeTime } from '../../../components/ui/relative-time';
import { SafeImage } from '../../../components/ui/safe-image';
import { useT } from '../../../i18n/use-t';
import type { BlogEntry as Entry } from '../../../lib/api/schemas';

/** The blog entry itself (blog-banner.tsx loads this code once the page's first content is shown). */
export function BlogEntry({ entry, onDismiss }: { entry: Entry; onDismiss: () => void }) {
  const t = useT();
  const author = entry.author;
  return (
    <aside className="blog-banner" aria-label={t('blog.latest')}>
      {/* An image that fails leaves its place empty rather than pulling the text sideways. */}
      <SafeImage
        src={entry.image}
        alt=""
        className="blog-image"
        width={96}
        height={64}
        fallback={entry.image ? <span className="blog-image blog-image-missing" aria-hidden="true" /> : null}
      />
      <div className="blog-body">
        <p className="blog-meta">
          {entry.tag && <span className="tag">{entry.tag}</span>}
          {author && (
            <span className="blog-author">
              <Avatar src={author.pfp} name={author.displayName || author.username} size={20} />
              <span>{author.displayName || author.username}</span>
            </span>
          )}
          {entry.date !== null && <RelativeTime ms={entry.date} />}
        </p>
        <p className="blog-content" dir="auto">
          <LinkifiedText text={entry.content} />
        </p>
      </div>
      <button type="button" className="icon-button" aria-label={t('blog.dismiss')} onClick={onDismiss}>
        <CloseIcon />
      </button>
    </aside>
  );
}
