import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { useAlwaysShowSensitive } from '../../lib/preferences';

interface SensitiveGateProps {
  /** What is hidden, e.g. "This post is marked as sensitive." */
  label: string;
  /** The reveal button's text, e.g. "Show post". */
  revealLabel: string;
  hidden: boolean;
  children: React.ReactNode;
}

/**
 * NSFW content is not rendered at all (not merely blurred) until the person asks for it,
 * unless they chose "always show sensitive content" in Settings.
 */
export function SensitiveGate({ label, revealLabel, hidden, children }: SensitiveGateProps) {
  const t = useT();
  const alwaysShow = useAlwaysShowSensitive();
  const [revealed, setRevealed] = useState(false);
  if (!hidden || alwaysShow || revealed) return <>{children}</>;
  return (
    <div className="sensitive-gate">
      <p>
        <span className="badge badge-nsfw">{t('common.sensitive')}</span> {label}
      </p>
      <button type="button" className="button" onClick={() => setRevealed(true)}>
        {revealLabel}
      </button>
    </div>
  );
}
