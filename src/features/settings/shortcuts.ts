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

const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Where typing a character means typing it: single-key shortcuts stay out of the way there. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}
