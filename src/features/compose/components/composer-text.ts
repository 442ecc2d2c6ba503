import { errorMessage } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Uncertainty } from '../use-send-post';

/** A send that failed for certain: offline is said plainly (nothing left the browser). */
export function failureMessage(error: unknown, reply: boolean): string {
  if (isApiError(error) && error.kind === 'offline') {
    return reply
      ? "You're offline — your reply was not sent; the draft is kept."
      : "You're offline — your post was not sent; the draft is kept.";
  }
  return errorMessage(error);
}

/** What the composer says when the server did not confirm a send. */
export function uncertainMessage({ state, error }: Uncertainty): string {
  const why = error.reason ? ` (${error.reason})` : '';
  if (state === 'checking') return `The server did not confirm this post${why}. Checking whether it arrived…`;
  if (state === 'not-landed') return `The server did not confirm this post${why}, and it did not arrive. Your text is kept: send it again when ready.`;
  return `The server did not confirm this post${why}, and it could not be checked. It may have been posted: check again before sending a second copy. Your text is kept.`;
}

export function submitLabel(sending: boolean, u: Uncertainty | null, failed: boolean, reply: boolean): string {
  if (u?.state === 'checking') return 'Checking…';
  if (sending) return 'Sending…';
  if (u?.state === 'unknown') return 'Send anyway';
  if (u?.state === 'not-landed') return 'Send again';
  if (failed) return 'Retry';
  return reply ? 'Reply' : 'Post';
}
