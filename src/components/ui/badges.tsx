import { LockIcon } from './icons';

export function LockBadge() {
  return (
    <span className="badge badge-lock" title="Locked: replies are closed">
      <LockIcon />
      <span className="visually-hidden">Locked: replies are closed</span>
    </span>
  );
}

export function NsfwBadge() {
  return (
    <span className="badge badge-nsfw" title="Marked as sensitive (NSFW)">
      NSFW
    </span>
  );
}
