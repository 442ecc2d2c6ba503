import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Post } from '../../../lib/api/schemas';
import { useIsOwnPost } from '../../../entities/post/ui/post-card-context';
import { useMuteReason } from '../../../entities/mute/mute-store';
import { MutedLine } from './muted-line';

/**
 * A reply in a thread: muted (its author, or a muted word in it) it collapses to one line that
 * keeps its place, so the thread keeps its shape; "Show" reveals it there. One's own posts are
 * never hidden. Unmuting shows it again at once.
 */
export function MutedGate({ post, children }: { post: Post; children: React.ReactNode }) {
  const own = useIsOwnPost(post);
  const reason = useMuteReason(post, own);
  const [revealed, setRevealed] = useState(false);
  const shown = useRef<HTMLDivElement>(null);
  if (!reason || revealed) {
    return (
      <div ref={shown} tabIndex={-1} className="muted-gate-shown">
        {children}
      </div>
    );
  }
  return (
    <MutedLine
      reason={reason}
      username={post.author?.username}
      onShow={() => {
        flushSync(() => setRevealed(true));
        // The button is gone: focus goes to the reply it revealed.
        shown.current?.focus();
      }}
    />
  );
}
