import type { RefObject } from 'react';
import { useShortcut } from '../../../lib/shortcuts';

export interface FeedKeyboardActions {
  /** j (+1) or k (-1); `from` is the index of the post holding focus, or null. */
  move(delta: 1 | -1, from: number | null): void;
  open(index: number): void;
}

/**
 * j / k move focus to the next / previous post (held, they keep moving), o (or Enter on the post
 * itself) opens its thread. Enter on a link or button inside a post keeps its own meaning. When
 * the keys apply at all is lib/shortcuts.ts's rule.
 */
export function useFeedKeyboard(listRef: RefObject<HTMLElement | null>, actions: FeedKeyboardActions) {
  const focusedIndex = (event: KeyboardEvent): number | null => {
    const item = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    return item && listRef.current?.contains(item) ? Number(item.getAttribute('data-index')) : null;
  };
  useShortcut(['j', 'k'], (event) => actions.move(event.key === 'j' ? 1 : -1, focusedIndex(event)), { repeat: true });
  useShortcut(['o', 'Enter'], (event) => {
    const index = focusedIndex(event);
    if (index === null) return false;
    if (event.key === 'Enter' && !(event.target instanceof Element && event.target.tagName === 'ARTICLE')) return false;
    actions.open(index);
  });
}
