import { useT } from '../../i18n/use-t';
import { LockIcon } from './icons';

export function LockBadge() {
  const t = useT();
  const label = t('common.locked');
  return (
    <span className="badge badge-lock" title={label}>
      <LockIcon />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function NsfwBadge() {
  const t = useT();
  return (
    <span className="badge badge-nsfw" title={t('common.nsfwTitle')}>
      {t('common.nsfw')}
    </span>
  );
}
