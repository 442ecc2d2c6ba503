import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError, type ApiError } from '../../lib/api/api-error';
import type { CreatePostInput } from '../../lib/api/post-writes';
import type { CreatedPost, Post, UserSummary } from '../../lib/api/schemas';
import { addCreatedPostToFeed } from '../../entities/post/feed-cache';
import { useCreatePost } from './api/create-post';
import { captureBaseline, findLandedPost, type CreateBaseline } from './api/find-landed-post';
import { clearDraft } from '../../entities/draft/draft-store';

/**
 * What a send ended in when the server did not confirm it: being checked, certainly not posted
 * (safe to send again), or unknown (the check itself failed: sending again may duplicate).
 */
export type Uncertainty =
  | { state: 'checking'; error: ApiError }
  | { state: 'not-landed'; error: ApiError }
  | { state: 'unknown'; error: ApiError };

/**
 * A server that timed out may still be writing: look only after a moment, so a slow write is
 * found rather than reported as missing.
 */
export const CHECK_GRACE_MS = 1_000;

function asCreated(post: Post): CreatedPost {
  return { id: post.id, parentId: post.parentId, content: post.content, from: post.from, lock: post.lock, nsfw: post.nsfw };
}

/** Resolves after `ms`; rejects at once when `signal` aborts, and the timer goes with it. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One create per submit, never resent on its own. When the outcome is unknown (timeout, dropped
 * connection, 502/503/504) it reads, without writing, whether the post arrived: found, it counts
 * as sent; certainly absent, the person may send again; undecidable, they are told so.
 *
 * The check (its grace pause and its reads) runs under an AbortSignal: a newer check or the
 * composer going away aborts it, so nothing is read and no state is set after the composer is
 * gone. A post that did land then keeps its draft, which is the safe side: text is never lost.
 * `account`: whose drafts the composer keeps; `draftKey`: where it keeps its own (only that one is
 * cleared once the post is sent: another composer's draft in the same context stays).
 */
export function useSendPost(parentId: string | undefined, author: UserSummary | null, account: string, draftKey: string) {
  const queryClient = useQueryClient();
  const create = useCreatePost(author, account, draftKey);
  const [uncertainty, setUncertainty] = useState<Uncertainty | null>(null);
  const pending = useRef<{ input: CreatePostInput; baseline: CreateBaseline; onCreated: (p: CreatedPost) => void } | null>(null);
  const running = useRef<AbortController | null>(null);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort();
      running.current = null;
    };
  }, []);

  function check(error: ApiError, graceMs = 0) {
    const attempt = pending.current;
    if (!attempt || !mounted.current) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    if (!author) {
      setUncertainty({ state: 'unknown', error });
      return;
    }
    setUncertainty({ state: 'checking', error });
    pause(graceMs, signal)
      .then(() => findLandedPost(queryClient, attempt.input, author, attempt.baseline, signal))
      .then(
        (post) => {
          if (signal.aborted) return;
          if (!post) {
            setUncertainty({ state: 'not-landed', error });
            return;
          }
          setUncertainty(null);
          clearDraft(account, draftKey);
          if (!post.parentId) addCreatedPostToFeed(queryClient, post.id);
          create.reset();
          attempt.onCreated(asCreated(post));
        },
        () => {
          if (!signal.aborted) setUncertainty({ state: 'unknown', error });
        },
      );
  }

  function send(input: CreatePostInput, onCreated: (post: CreatedPost) => void, onSettled?: () => void) {
    running.current?.abort();
    pending.current = { input, baseline: captureBaseline(queryClient, parentId), onCreated };
    setUncertainty(null);
    create.mutate(input, {
      onSuccess: (created) => onCreated(created),
      onError: (error) => {
        if (isApiError(error) && error.mayHaveApplied) check(error, CHECK_GRACE_MS);
      },
      onSettled,
    });
  }

  return {
    send,
    /** Looks again whether the last unconfirmed send arrived. */
    checkAgain: () => uncertainty && check(uncertainty.error),
    isSending: create.isPending || uncertainty?.state === 'checking',
    error: create.isError ? create.error : null,
    uncertainty: create.isError ? uncertainty : null,
  };
}
