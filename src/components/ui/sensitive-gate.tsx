import { useState } from 'react';

interface SensitiveGateProps {
  /** What is hidden, e.g. "This post is marked as sensitive." */
  label: string;
  /** The reveal button's text, e.g. "Show post". */
  revealLabel: string;
  /** Whether the content is hidden until asked for: sensitive, and the person did not choose to always see it. */
  hidden: boolean;
  children: React.ReactNode;
}

/**
 * NSFW content is not rendered at all (not merely blurred) until the person asks for it. Whether
 * they chose "always show sensitive content" in Settings is the caller's (`hidden`: the account's
 * preference lives in entities/account).
 */
export function SensitiveGate({ label, revealLabel, hidden, children }: SensitiveGateProps) {
  const [revealed, setRevealed] = useState(false);
  if (!hidden || revealed) return <>{children}</>;
  return (
    <div className="sensitive-gate">
      {/* No badge of its own: the post's or profile's flags show the one. */}
      <p>{label}</p>
      <button type="button" className="button" onClick={() => setRevealed(true)}>
        {revealLabel}
      </button>
    </div>
  );
}
