import { useId, useState } from 'react';

const CLAMP_CHARS = 560;
const CLAMP_LINES = 8;

function isLong(content: string): boolean {
  return content.length > CLAMP_CHARS || content.split('\n').length > CLAMP_LINES;
}

/** Text only (never HTML), line breaks kept, long content clamped behind "Show more". */
export function PostContent({ content, clamp = true }: { content: string; clamp?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = clamp && isLong(content);
  const clamped = long && !expanded;
  if (!content.trim()) return <p className="post-content post-content-empty">(no text)</p>;
  return (
    <>
      <p id={id} dir="auto" className={clamped ? 'post-content post-content-clamped' : 'post-content'}>
        {content}
      </p>
      {long && (
        <button type="button" className="link-button" aria-controls={id} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}
