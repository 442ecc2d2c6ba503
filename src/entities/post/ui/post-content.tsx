import { useId, useState, type FocusEvent } from 'react';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { useT } from '../../../i18n/use-t';

const CLAMP_CHARS = 560;
const CLAMP_LINES = 8;

function isLong(content: string): boolean {
  return content.length > CLAMP_CHARS || content.split('\n').length > CLAMP_LINES;
}

/**
 * A link reached by Tab in the lines the clamp hides: the reader must see where focus is. The
 * browser may already have scrolled the clamped box to the link, hence its scrollTop.
 */
function isCutOff(event: FocusEvent<HTMLElement>): boolean {
  const box = event.currentTarget;
  if (event.target === box) return false;
  return event.target.getBoundingClientRect().bottom + box.scrollTop > box.getBoundingClientRect().bottom + 1;
}

/**
 * Text only (never HTML) with its http(s) URLs as links, line breaks kept, long content clamped
 * behind "Show more" (and shown whole once focus reaches a link the clamp hides).
 */
export function PostContent({ content, clamp = true }: { content: string; clamp?: boolean }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = clamp && isLong(content);
  const clamped = long && !expanded;
  if (!content.trim()) return <p className="post-content post-content-empty">{t('post.noText')}</p>;
  return (
    <>
      <p
        id={id}
        dir="auto"
        className={clamped ? 'post-content post-content-clamped' : 'post-content'}
        onFocus={(event) => {
          if (clamped && isCutOff(event)) setExpanded(true);
        }}
      >
        <LinkifiedText text={content} />
      </p>
      {long && (
        <button type="button" className="link-button" aria-controls={id} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('post.showLess') : t('post.showMore')}
        </button>
      )}
    </>
  );
}
