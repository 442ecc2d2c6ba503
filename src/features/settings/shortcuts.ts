/** The app's keyboard shortcuts, as the help lists them. Single keys, never inside a text field. */
export interface Shortcut {
  keys: readonly string[];
  action: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['j'], action: 'Next post' },
  { keys: ['k'], action: 'Previous post' },
  { keys: ['o', 'Enter'], action: 'Open the selected post' },
  { keys: ['n'], action: 'New post' },
  { keys: ['?'], action: 'Show this help' },
];
