import { useEffect, useMemo, useState } from 'react';
import { mayContainLink } from '../../lib/link-hint';
import type { TextPart } from '../../lib/link-parts';

/** Links in user text open in a new tab, pass no referrer or opener, and earn the target no ranking. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

let splitLinks: ((text: string) => TextPart[]) | null = null;
let loading: Promise<void> | null = null;

// linkifyjs is ~10 KB gzip, more than the feed's budget has left: it loads after the first paint
// and only once some text may hold a link. A failed load leaves text as text and is tried again.
function loadSplitLinks(): Promise<void> {
  loading ??= import('../../lib/link-parts').then(
    (module) => {
      splitLinks = module.splitLinks;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/**
 * User text with its http(s) URLs as links, everything else as text (never HTML). Renders only
 * the inline content: the caller's element keeps `dir="auto"`, white-space and wrapping. Until the
 * tokenizer has loaded, the text shows as plain text.
 */
export function LinkifiedText({ text }: { text: string }) {
  const wanted = mayContainLink(text);
  const [loaded, setLoaded] = useState(() => splitLinks !== null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    void loadSplitLinks().then(() => {
      if (live && splitLinks) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  const parts = useMemo(() => (wanted && loaded && splitLinks ? splitLinks(text) : null), [text, wanted, loaded]);
  if (!parts) return text;
  return parts.map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      // dir="ltr" isolates the URL: bidi text around it cannot reorder the host and path.
      <a key={i} href={part.href} target="_blank" rel={USER_LINK_REL} title={part.href} dir="ltr" className="user-link">
        {part.label}
      </a>
    ),
  );
}
