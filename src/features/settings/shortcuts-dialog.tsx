import { lazy, Suspense, useState } from 'react';
import { withLaterMessages } from '../../i18n/i18n';
import { useShortcut } from '../../lib/shortcuts';

const ShortcutsHelp = lazy(() => withLaterMessages(import('./shortcuts-help')).then((m) => ({ default: m.ShortcutsHelp })));

/**
 * "?" opens the shortcut help (not while typing, and never over another dialog: lib/shortcuts.ts).
 * Modal moves focus in, keeps it there, closes on Escape and gives focus back to where it was.
 */
export function ShortcutsDialog() {
  const [open, setOpen] = useState(false);
  useShortcut(['?'], () => setOpen(true));

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setOpen(false)} />
    </Suspense>
  );
}
