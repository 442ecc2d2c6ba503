import { useLocale, useT } from '../../i18n/use-t';
import { SHORTCUTS } from './shortcuts';
import './settings.css';

const keyLists = new Map<string, Intl.ListFormat>();

/** "o or Enter" in the active language, one formatter per language; the parts keep each key in its <kbd>. */
function keyParts(keys: readonly string[], locale: string) {
  let format = keyLists.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'disjunction' });
    keyLists.set(locale, format);
  }
  return format.formatToParts(keys);
}

export function ShortcutsList() {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="shortcuts-list">
      {SHORTCUTS.map((shortcut) => (
        <div key={shortcut.action} className="shortcuts-row">
          <dt>{keyParts(shortcut.keys, locale).map((part, i) => (part.type === 'element' ? <kbd key={i}>{part.value}</kbd> : part.value))}</dt>
          <dd>{t(shortcut.action)}</dd>
        </div>
      ))}
    </dl>
  );
}
