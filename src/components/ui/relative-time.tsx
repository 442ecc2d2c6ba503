import { formatAbsolute, formatRelative } from '../../lib/time';

export function RelativeTime({ ms, now }: { ms: number; now?: number }) {
  const absolute = formatAbsolute(ms);
  return (
    <time dateTime={new Date(ms).toISOString()} title={absolute}>
      {formatRelative(ms, now)}
    </time>
  );
}
