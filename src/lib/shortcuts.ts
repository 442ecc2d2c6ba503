/**
 * The app's single-key shortcuts: one document listener, one rule for when the person is typing
 * (and the keys are theirs), one rule for held keys. Features register what a key does.
 */
import { useEffect, useEffectEvent } from 'react';

export interface ShortcutOptions {
  /**
   * A held key acts again on each repeat (moving through a list). Otherwise it acts once per
   * press: a held "o" must not open a thread twenty times.
   */
  repeat?: boolean;
  /** Off: not registered at all. */
  enabled?: boolean;
}

/** Handles the key, or returns false to leave it alone (its default action, later shortcuts). */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

interface Registration {
  keys: readonly string[];
  repeat: boolean;
  run: ShortcutHandler;
}

// Inputs that take no text: a letter typed on a checkbox or a button means nothing to it.
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'color']);

function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // isContentEditable where the browser has it; the attribute where it does not (jsdom).
  if (target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/**
 * The keys belong to the person, not to the shortcuts, while: the focus is in a field that takes
 * text (input, textarea, select, contenteditable); a modifier other than Shift is held (those
 * are the browser's and the system's, and "?" needs Shift); or a modal dialog is open (it owns
 * the keyboard, and no second dialog opens over it).
 */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (takesText(event.target)) return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

const registrations: Registration[] = [];

function onKeyDown(event: KeyboardEvent) {
  // Another handler (the composer's Ctrl+Enter, a dialog's Escape) took the key already.
  if (event.defaultPrevented || isTyping(event)) return;
  // Where two registrations share a key, the newer one is asked first.
  for (const registration of [...registrations].reverse()) {
    if (!registration.keys.includes(event.key)) continue;
    if (event.repeat && !registration.repeat) return;
    if (registration.run(event) === false) continue;
    event.preventDefault();
    return;
  }
}

/** Registers keys; returns the unregister function. The listener exists while anything is registered. */
export function registerShortcut(keys: readonly string[], run: ShortcutHandler, options: ShortcutOptions = {}): () => void {
  const registration: Registration = { keys, repeat: options.repeat ?? false, run };
  if (registrations.length === 0) document.addEventListener('keydown', onKeyDown);
  registrations.push(registration);
  return () => {
    const at = registrations.indexOf(registration);
    if (at >= 0) registrations.splice(at, 1);
    if (registrations.length === 0) document.removeEventListener('keydown', onKeyDown);
  };
}

/** `registerShortcut` for as long as the component is mounted; `run` always sees the latest render. */
export function useShortcut(keys: readonly string[], run: ShortcutHandler, options: ShortcutOptions = {}): void {
  const { repeat = false, enabled = true } = options;
  const handle = useEffectEvent(run);
  // A string, so a new array of the same keys on each render does not register again.
  const keyList = JSON.stringify(keys);
  useEffect(() => {
    if (!enabled) return;
    return registerShortcut(JSON.parse(keyList) as string[], (event) => handle(event), { repeat });
  }, [keyList, repeat, enabled]);
}
