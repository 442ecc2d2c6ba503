import { useLocale } from '../../i18n/use-t';
import { formatAbsolute, formatRelative } from '../../lib/time';

export function RelativeTime({ ms, now }: { ms: number; now?: number }) {
  const locale = useLocale();
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatAbsolute(ms, locale)}>
      {formatRelative(ms, now, locale)}
    </time>
  );
}
