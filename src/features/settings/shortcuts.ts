import type { MessageKey } from '../../i18n/message-key';

/** The app's keyboard shortcuts, as the help lists them. Single keys, never inside a text field. */
export interface Shortcut {
  keys: readonly string[];
  /** What the keys do, translated where the list is shown. */
  action: MessageKey;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['j'], action: 'settings.shortcutNext' },
  { keys: ['k'], action: 'settings.shortcutPrevious' },
  { keys: ['o', 'Enter'], action: 'settings.shortcutOpen' },
  { keys: ['s'], action: 'settings.shortcutSave' },
  { keys: ['n'], action: 'settings.shortcutNew' },
  { keys: ['?'], action: 'settings.shortcutHelp' },
];
