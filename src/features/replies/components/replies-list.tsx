import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { postQueries } from '../../../entities/post/queries';
import { Trans } from '../../../i18n/trans';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import { useAlwaysShowSensitive } from '../../../entities/account/preferences';
import { PostCard } from '../../../entities/post/ui/post-card';
import { repliesStore, withoutPosts, type ReplyRecord } from '../../../entities/replies/replies-store';
import { accountIdOf } from '../../../entities/account/token-store';

/** Replies shown at first, and added by each "Show more replies". */
export const REPLIES_PAGE_SIZE = 20;
/** The line of the post answered: its first line, cut to about this many characters. */
const PARENT_LINE_CHARS = 120;

export function firstLine(content: string): string {
  const line = content.trim().split(/\r?\n/, 1)[0] ?? '';
  const chars = [...line];
  return chars.length > PARENT_LINE_CHARS ? `${chars.slice(0, PARENT_LINE_CHARS - 1).join('')}…` : line;
}

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';

/** A line of the post a reply answers, linked to its thread. Sensitive posts keep their text hidden. */
function ParentLine({ id }: { id: string }) {
  const t = useT();
  const alwaysShow = useAlwaysShowSensitive();
  const parent = useQuery(postQueries.detail(id));
  const post = parent.data;
  const text = post
    ? post.nsfw && !alwaysShow
      ? t('replies.parentSensitive')
      : firstLine(post.content) || t('replies.parentLoading')
    : parent.isError
      ? t('replies.parentUnavailable')
      : t('replies.parentLoading');
  return (
    <p className="reply-parent">
      <Trans
        id="replies.inReplyTo"
        components={{
          0: (
            <Link to={`/post/${id}`} dir="auto">
              {text}
            </Link>
          ),
        }}
      />
    </p>
  );
}

function ReplyItem({ reply, isNew }: { reply: ReplyRecord; isNew: boolean }) {
  const t = useT();
  const query = useQuery(postQueries.detail(reply.id));
  const gone = query.isError && isMissing(query.error);
  // A deleted reply leaves the list (and the count).
  useEffect(() => {
    if (gone) repliesStore.update(accountIdOf(), (state) => withoutPosts(state, [reply.id]));
  }, [gone, reply.id]);
  if (gone) return null;
  return (
    <li className={`reply-item${isNew ? ' reply-item-new' : ''}`}>
      {query.data ? (
        <>
          <div className="reply-context">
            {isNew && <span className="badge reply-new">{t('replies.new')}</span>}
            <ParentLine id={reply.parent} />
          </div>
          {/* The line above says what it answers: not "Replying to @you" under it again. */}
          <PostCard post={{ ...query.data, parentId: null }} linkToThread={false} />
          <p className="reply-open">
            <Link to={`/post/${reply.id}`}>{t('replies.openThread')}</Link>
          </p>
        </>
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('replies.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label={t('replies.loadingOne')} lines={2} />
      )}
    </li>
  );
}

export interface RepliesListProps {
  /** Newest first. */
  replies: readonly ReplyRecord[];
  /** Replies that were unseen when the page opened: marked "New" while it stays open. */
  newIds: ReadonlySet<string>;
}

/** The replies, newest first, REPLIES_PAGE_SIZE at a time; "No replies yet" when there are none. */
export function RepliesList({ replies, newIds }: RepliesListProps) {
  const t = useT();
  const [shown, setShown] = useState(REPLIES_PAGE_SIZE);
  if (replies.length === 0) {
    return (
      <EmptyState title={t('replies.empty')}>
        <p>{t('replies.emptyText')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ol className="replies-list" aria-label={t('replies.listLabel')}>
        {replies.slice(0, shown).map((reply) => (
          <ReplyItem key={reply.id} reply={reply} isNew={newIds.has(reply.id)} />
        ))}
      </ol>
      {replies.length > shown && (
        <button type="button" className="button replies-more" onClick={() => setShown((n) => n + REPLIES_PAGE_SIZE)}>
          {t('replies.showMore')}
        </button>
      )}
    </>
  );
}
