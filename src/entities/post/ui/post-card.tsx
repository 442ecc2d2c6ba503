import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { LockBadge, NsfwBadge } from '../../../components/ui/badges';
import { ReplyIcon } from '../../../components/ui/icons';
import { RelativeTime } from '../../../components/ui/relative-time';
import { SensitiveGate } from '../../../components/ui/sensitive-gate';
import { Trans } from '../../../i18n/trans';
import { useLocale, useT } from '../../../i18n/use-t';
import type { Post } from '../../../lib/api/schemas';
import { Handle } from '../../../components/ui/handle';
import { formatAbsolute } from '../../../lib/time';
import { postQueries } from '../queries';
import { PostActionsSlot, PostLeadSlot, useIsOwnPost } from './post-card-context';
import { PostContent } from './post-content';
import { useAlwaysShowSensitive } from '../../account/preferences';


export interface PostCardProps {
  post: Post;
  /** Full content without clamping (the thread's main post). */
  expanded?: boolean;
  /** Links to the thread (off for the thread's own post). */
  linkToThread?: boolean;
  /** Called after the signed-in author deleted this post from its own actions. */
  onDeleted?: () => void;
  /** Set by lists that manage focus (j/k). */
  tabIndex?: number;
  className?: string;
}

/** What the thread page reads from a link's state: open with the reply box focused (the card's Reply). */
export interface ThreadLinkState {
  reply?: boolean;
}

function ReplyingTo({ parentId }: { parentId: string }) {
  // Read the cache only: a reply shows as one once its parent is known, without a request.
  const parent = useQuery({ ...postQueries.detail(parentId), enabled: false });
  const t = useT();
  // The name goes in as the link's own child, never into the message: user text stays text.
  const name = parent.data?.author ? <Handle username={parent.data.author.username} /> : t('post.parentPost', { id: parentId });
  return (
    <p className="replying-to">
      <Trans id="post.replyingTo" components={{ 0: <Link to={`/post/${parentId}`}>{name}</Link> }} />
    </p>
  );
}

/**
 * A post as every page shows it: author, time, badges, what it replies to, its text behind the
 * sensitive gate, its replies and Reply links; the actions come from PostActionsSlot.
 */
export function PostCard({ post, expanded = false, linkToThread = true, onDeleted, tabIndex, className }: PostCardProps) {
  const t = useT();
  const alwaysShow = useAlwaysShowSensitive();
  const own = useIsOwnPost(post);
  const locale = useLocale();
  const actions = useContext(PostActionsSlot);
  const lead = useContext(PostLeadSlot);
  const author = post.author;
  const name = author ? author.displayName || author.username : t('post.unknownAuthor');
  const titleId = `post-${post.id}-title`;
  const replyCount = post.replies.length;
  const threadPath = `/post/${post.id}`;
  const time = post.date !== null && <RelativeTime ms={post.date} />;
  return (
    // The whole card opens its thread for a pointer (features/posts' post-actions.tsx listens, off the first load, on a card with a link to its thread;
    // the time, the replies and Reply are its links, and `o` on a focused card is the keyboard's way).
    <article
      className={`post-card card ${className ?? ''}`}
      aria-labelledby={titleId}
      tabIndex={tabIndex}
      data-post-id={post.id}
    >
      {lead?.(post)}
      <header className="post-header">
        <Avatar src={author?.pfp} name={name} size={40} />
        <div className="post-byline">
          <h2 id={titleId} className="post-author">
            {/* Names and handles are isolated (dir, bdi: unicode-bidi: isolate): a bidi control in
                one cannot reorder the text around it; a handle is shown without them (Handle). */}
            {author?.uuid ? (
              <Link to={`/user/${encodeURIComponent(author.uuid)}`} dir="auto">
                {name}
              </Link>
            ) : (
              <bdi>{name}</bdi>
            )}
            {author && (
              <>
                {' '}
                <Handle className="handle" username={author.username} />
              </>
            )}
          </h2>
          <p className="post-meta">
            {time && linkToThread ? (
              <Link to={threadPath} className="post-time">
                {time}
              </Link>
            ) : (
              time
            )}
            {/* The separator in the page's direction, the text in its own (isolated): "web · last
                week" on a right-to-left page, not the dot at the far end with "web" against the date. */}
            {post.from && (
              <span className="post-from">
                {' · '}
                <bdi>{post.from}</bdi>
              </span>
            )}
            {post.edited.edited && (
              <span className="post-edited" title={
                  post.edited.at !== null
                    ? t('post.editedAt', { date: formatAbsolute(post.edited.at, locale) })
                    : t('post.editedTitle')
                }
              >
                {' · '}
                {t('post.edited')}
              </span>
            )}
          </p>
        </div>
        <span className="post-badges">
          {post.lock && <LockBadge />}
          {post.nsfw && <NsfwBadge />}
        </span>
      </header>
      {post.parentId && <ReplyingTo parentId={post.parentId} />}
      {/* One's own post is never hidden from its author (its badge says what others see). */}
      <SensitiveGate hidden={post.nsfw && !alwaysShow && !own} label={t('post.sensitiveNotice')} revealLabel={t('post.showPost')}>
        <PostContent content={post.content} clamp={!expanded} />
      </SensitiveGate>
      <footer className="post-footer">
        {linkToThread ? (
          <>
            <Link to={threadPath} className="post-replies" aria-label={t('post.openThread', { count: replyCount })}>
              <ReplyIcon /> {t('post.replyCount', { count: replyCount })}
            </Link>
            {/* A locked post takes no replies: its thread says so instead. */}
            {!post.lock && (
              <Link to={threadPath} state={{ reply: true } satisfies ThreadLinkState} className="post-reply">
                {t('post.reply')}
              </Link>
            )}
          </>
        ) : (
          <span className="post-replies">{t('post.replyCount', { count: replyCount })}</span>
        )}
        {actions?.({ post, onDeleted })}
      </footer>
    </article>
  );
}
