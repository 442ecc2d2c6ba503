import { useLocale } from '../../i18n/use-t';
import { formatAbsolute, formatRelative } from '../../lib/time';

export function RelativeTime({ ms, now, locale: given }: { ms: number; now?: number; locale?: string }) {
  const active = useLocale();
  const locale = given ?? active;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatAbsolute(ms, locale)}>
      {formatRelative(ms, now, locale)}
    </time>
  );
}
