import { useT } from '../../../i18n/use-t';
import type { MuteReason } from '../../../entities/mute/match';


interface MutedLineProps {
  reason: MuteReason;
  /** The muted author's username, for the Show button's name. */
  username?: string;
  onShow(): void;
}

/** What stands in for a muted reply: one line, and a button that shows it in place. */
export function MutedLine({ reason, username, onShow }: MutedLineProps) {
  const t = useT();
  const label =
    reason === 'account' && username ? t('mute.showLabelAccount', { username }) : reason === 'word' ? t('mute.showLabelWord') : undefined;
  return (
    <p className="muted-line">
      <span>{t(reason === 'account' ? 'mute.replyFromMuted' : 'mute.replyHasMutedWord')}</span>
      {' — '}
      <button type="button" className="link-button" aria-label={label} onClick={onShow}>
        {t('mute.show')}
      </button>
    </p>
  );
}
