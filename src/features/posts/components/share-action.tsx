import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import type { Post } from '../../../lib/api/schemas';
import { canShareLink, postLink } from '../../../lib/post-link';

type Outcome = 'idle' | 'copied' | 'copy-failed' | 'share-failed';

/** How long "Link copied" stays. */
const COPIED_MS = 4_000;

/**
 * "Copy link" on every post: the absolute address of its thread to the clipboard, and a short
 * polite "Link copied". Where the browser has a share sheet for links, "Share…" opens it instead
 * (the person closing it is not an error). When the clipboard or the sheet refuses, the link is
 * shown, selectable, so nothing is lost.
 */
export function ShareAction({ post }: { post: Post }) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const fieldId = useId();
  const url = postLink(post.id);
  const share = canShareLink(url);
  const field = useRef<HTMLInputElement>(null);
  const failed = outcome === 'copy-failed' || outcome === 'share-failed';

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const run = async () => {
    if (share) {
      const name = post.author ? post.author.displayName || post.author.username : '';
      try {
        await navigator.share(name ? { url, title: t('share.shareTitle', { name }) } : { url });
        setOutcome('idle');
      } catch (error) {
        setOutcome(error instanceof DOMException && error.name === 'AbortError' ? 'idle' : 'share-failed');
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('copy-failed');
    }
  };

  // The link is offered selected: Ctrl+C copies it.
  useEffect(() => {
    if (!failed) return;
    field.current?.focus();
    field.current?.select();
  }, [failed]);

  return (
    <>
      <button type="button" className="link-button" onClick={() => void run()}>
        {t(share ? 'share.share' : 'share.copyLink')}
      </button>
      <span role="status" className="share-status">
        {outcome === 'copied' && t('share.copied')}
      </span>
      {failed && (
        <span className="share-failed" role="alert">
          <label htmlFor={fieldId}>{t(outcome === 'share-failed' ? 'share.shareFailed' : 'share.copyFailed')}</label>{' '}
          <input
            id={fieldId}
            className="share-link"
            type="url"
            readOnly
            value={url}
            dir="ltr"
            ref={field}
            onFocus={(e) => e.currentTarget.select()}
          />
        </span>
      )}
    </>
  );
}
