import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerShortcut } from '../../src/lib/shortcuts';
import { KNOWN_HEAD_KEY } from '../../src/entities/post/known-head';
import { FIXTURE_POST_IDS, MOCK_TOKENS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { fakeWindowScroll, showFeed } from '../support/feed-helpers';

afterEach(() => cleanup());

/** Presses `key` on `target` as a browser would; true when a shortcut took it (default prevented). */
function press(target: Element, key: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

function withElement<T extends HTMLElement>(element: T, run: (element: T) => void) {
  document.body.append(element);
  try {
    run(element);
  } finally {
    element.remove();
  }
}

function input(type: string): HTMLInputElement {
  const element = document.createElement('input');
  element.type = type;
  return element;
}

describe('one rule for every shortcut', () => {
  it('acts on its keys outside text fields, and leaves every other key alone', () => {
    const seen: string[] = [];
    const off = registerShortcut(['x', '?'], (event) => void seen.push(event.key));
    try {
      expect(press(document.body, 'x')).toBe(true);
      expect(press(document.body, 'y')).toBe(false);
      // "?" needs Shift on most layouts: Shift is not a modifier that turns shortcuts off.
      expect(press(document.body, '?', { shiftKey: true })).toBe(true);
      withElement(input('checkbox'), (box) => expect(press(box, 'x')).toBe(true));
      withElement(document.createElement('button'), (button) => expect(press(button, 'x')).toBe(true));
      expect(seen).toEqual(['x', '?', 'x', 'x']);
    } finally {
      off();
    }
    expect(press(document.body, 'x')).toBe(false);
  });

  it('stays out of the way while typing, with Ctrl, Alt or Meta held, and under a modal dialog', () => {
    const seen: string[] = [];
    const off = registerShortcut(['x'], (event) => void seen.push(event.key));
    try {
      for (const type of ['text', 'search', 'password', 'url', 'range']) {
        withElement(input(type), (field) => expect(press(field, 'x')).toBe(false));
      }
      withElement(document.createElement('textarea'), (area) => expect(press(area, 'x')).toBe(false));
      withElement(document.createElement('select'), (select) => expect(press(select, 'x')).toBe(false));
      const editable = document.createElement('div');
      editable.setAttribute('contenteditable', 'true');
      editable.append(document.createElement('span'));
      withElement(editable, (div) => expect(press(div.firstElementChild!, 'x')).toBe(false));

      for (const modifier of ['ctrlKey', 'altKey', 'metaKey'] as const) {
        expect(press(document.body, 'x', { [modifier]: true })).toBe(false);
      }

      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      withElement(dialog, () => expect(press(document.body, 'x')).toBe(false));

      expect(seen).toEqual([]);
    } finally {
      off();
    }
  });

  it('acts once for a held key, unless the shortcut asks for repeats', () => {
    const seen: string[] = [];
    const offOnce = registerShortcut(['o'], (event) => void seen.push(event.key));
    const offRepeat = registerShortcut(['j'], (event) => void seen.push(event.key), { repeat: true });
    try {
      press(document.body, 'o');
      expect(press(document.body, 'o', { repeat: true })).toBe(false);
      press(document.body, 'j');
      expect(press(document.body, 'j', { repeat: true })).toBe(true);
      expect(seen).toEqual(['o', 'j', 'j']);
    } finally {
      offOnce();
      offRepeat();
    }
  });

  it('lets a shortcut decline a key, and ignores keys another handler already took', () => {
    const seen: string[] = [];
    const offFirst = registerShortcut(['x'], () => void seen.push('first'));
    const offDeclining = registerShortcut(['x'], () => {
      seen.push('declined');
      return false;
    });
    try {
      expect(press(document.body, 'x')).toBe(true);
      const taken = new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true });
      taken.preventDefault();
      document.body.dispatchEvent(taken);
      expect(seen).toEqual(['declined', 'first']);
    } finally {
      offFirst();
      offDeclining();
    }
  });
});

describe('the app\'s shortcuts follow it', () => {
  it('n opens the composer, but not with Ctrl held; a held j keeps moving through the feed', async () => {
    fakeWindowScroll();
    // A return visit: the feed opens on the newest post, 75, and nothing holds focus yet (taking a
    // first visit's offer of new posts would focus the first of them).
    localStorage.setItem(KNOWN_HEAD_KEY, String(FIXTURE_POST_IDS.newest));
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();

    await user.keyboard('{j>3/}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-post-id')).toBe('73'));

    await user.keyboard('{Control>}n{/Control}');
    expect(window.location.hash).toBe('#/');
    await user.keyboard('n');
    await waitFor(() => expect(window.location.hash).toBe('#/compose'));
  });
});
