import { useEffect, useEffectEvent, type RefObject } from 'react';

export interface FeedKeyboardActions {
  /** j (+1) or k (-1); `from` is the index of the post holding focus, or null. */
  move(delta: 1 | -1, from: number | null): void;
  open(index: number): void;
}

function isTyping(target: Element | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  // A dialog over the feed owns the keyboard.
  return target.closest('dialog, [role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * j / k move focus to the next / previous post, o (or Enter on the post itself) opens its thread.
 * Ignored while typing, with a modifier held, or inside a dialog. Enter on a link or button inside
 * a post keeps its own meaning.
 */
export function useFeedKeyboard(listRef: RefObject<HTMLElement | null>, actions: FeedKeyboardActions) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (isTyping(target)) return;
    const item = target?.closest('[data-index]');
    const index = item && listRef.current?.contains(item) ? Number(item.getAttribute('data-index')) : null;
    if (event.key === 'j' || event.key === 'k') {
      event.preventDefault();
      actions.move(event.key === 'j' ? 1 : -1, index);
    } else if (index !== null && (event.key === 'o' || (event.key === 'Enter' && target?.tagName === 'ARTICLE'))) {
      event.preventDefault();
      actions.open(index);
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
