import { formatAbsolute, formatRelative } from '../../lib/time';

export function RelativeTime({ ms, now, locale }: { ms: number; now?: number; locale?: string }) {
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatAbsolute(ms, locale)}>
      {formatRelative(ms, now, locale)}
    </time>
  );
}
