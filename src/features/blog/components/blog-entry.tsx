import { useId, useLayoutEffect, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { CloseIcon } from '../../../components/ui/later-icons';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { RelativeTime } from '../../../components/ui/relative-time';
import { SafeImage } from '../../../components/ui/safe-image';
import { useT } from '../../../i18n/use-t';
import type { BlogEntry as Entry } from '../../../lib/api/schemas';

/**
 * Whether `element` holds more than it shows (its clamped lines), kept true to its width and to
 * `text`: a ResizeObserver's answer comes after layout, so this reads no layout of its own in
 * render. A new text in the same clamped box changes no size, so it observes afresh (an observer
 * reports once when it starts).
 */
function useClipped(element: HTMLElement | null, watching: boolean, text: string): boolean {
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    if (!element || !watching || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setClipped(element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, watching, text]);
  return clipped;
}

/**
 * The blog entry itself (blog-banner.tsx loads this code once the page's first content is shown).
 * Folded, it shows one line of the entry, in the banner's fixed height: it lands after the page's
 * first screen, and a line is never the largest text there (two lines were, on a wide screen, so
 * the page's largest paint waited for the blog). "Read more" unfolds it in place, the reader's own
 * doing, so nothing moves unasked.
 */
export function BlogEntry({ entry, onDismiss }: { entry: Entry; onDismiss: () => void }) {
  const t = useT();
  const author = entry.author;
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<HTMLParagraphElement | null>(null);
  const clipped = useClipped(content, !open, entry.content);
  const contentId = useId();
  return (
    <aside className="blog-banner" aria-label={t('blog.latest')} data-open={open || undefined}>
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
              <bdi>{author.displayName || author.username}</bdi>
            </span>
          )}
          {entry.date !== null && <RelativeTime ms={entry.date} />}
        </p>
        <p className="blog-content" dir="auto" id={contentId} ref={setContent}>
          <LinkifiedText text={entry.content} />
        </p>
        {(clipped || open) && (
          <button type="button" className="link-button blog-more" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen(!open)}>
            {open ? t('blog.less') : t('blog.more')}
          </button>
        )}
      </div>
      <button type="button" className="icon-button" aria-label={t('blog.dismiss')} onClick={onDismiss}>
        <CloseIcon />
      </button>
    </aside>
  );
}
