import { useId, useRef, useState } from 'react';
import type { OtherDraft } from '../../../entities/draft/draft-store';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useT } from '../../../i18n/use-t';

const FIRST_LINE_MAX = 80;

function firstLine(content: string): string {
  const line = content.trim().split('\n', 1)[0]?.trim() ?? '';
  const chars = Array.from(line);
  return chars.length > FIRST_LINE_MAX ? `${chars.slice(0, FIRST_LINE_MAX).join('')}…` : line;
}

export interface OtherDraftsProps {
  drafts: OtherDraft[];
  /** Open at first: the composer had nothing of its own when it opened. */
  openAtFirst: boolean;
  onUse: (key: string) => void;
  onDiscard: (key: string) => void;
}

/**
 * "2 other drafts": the account's unsent drafts in this composer's context that belong to no open
 * composer of this tab (another tab's, one a closed tab left, one from before drafts had owners).
 * Each can be taken into this composer or discarded; what is typed here is never replaced (the
 * composer adds a picked draft after it). What happened is said in a status line, and focus goes
 * to the next draft's button, or to the text box when none is left.
 */
export function OtherDrafts({ drafts, openAtFirst, onUse, onDiscard }: OtherDraftsProps) {
  const t = useT();
  const idPrefix = useId();
  const [open, setOpen] = useState(openAtFirst);
  const [status, setStatus] = useState('');
  const root = useRef<HTMLDivElement>(null);

  /** After a draft leaves the list: the same row's next draft, else the one before, else the text box. */
  function focusAfter(index: number) {
    requestAnimationFrame(() => {
      const buttons = root.current?.querySelectorAll<HTMLButtonElement>('button[data-use]');
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      if (next) next.focus();
      else root.current?.closest('form')?.querySelector('textarea')?.focus();
    });
  }

  return (
    <div ref={root} className="other-drafts">
      {drafts.length > 0 && (
        <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>{t('compose.otherDrafts', { count: drafts.length })}</summary>
          <p className="hint">{t('compose.otherDraftsHint')}</p>
          <ul className="other-drafts-list">
            {drafts.map(({ key, draft }, index) => {
              const textId = `${idPrefix}-${index}`;
              return (
                <li key={key}>
                  <p id={textId} className="other-draft-text" dir="auto">
                    {firstLine(draft.content) || t('compose.draftNoText')}
                    {' · '}
                    <span className="hint">
                      <RelativeTime ms={draft.savedAt} />
                    </span>
                  </p>
                  <div className="form-actions">
                    <button
                      type="button"
                      className="button"
                      data-use=""
                      aria-describedby={textId}
                      onClick={() => {
                        onUse(key);
                        setStatus(t('compose.draftUsed'));
                        root.current?.closest('form')?.querySelector('textarea')?.focus();
                      }}
                    >
                      {t('compose.useDraft')}
                    </button>
                    <button
                      type="button"
                      className="button"
                      aria-describedby={textId}
                      onClick={() => {
                        onDiscard(key);
                        setStatus(t('compose.draftDiscarded'));
                        focusAfter(index);
                      }}
                    >
                      {t('compose.discardDraft')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </details>
      )}
      <p role="status" className="hint">
        {status}
      </p>
    </div>
  );
}
