// The test window's document.querySelector('base'), answered by setup.ts from a live collection
// (base-lookup.ts): the same element jsdom's selector engine would find, as <base> elements come and go.
import { afterEach, describe, expect, it } from 'vitest';

const added: Element[] = [];
function addBase(parent: Element, href: string, before: Node | null = null): HTMLBaseElement {
  const base = document.createElement('base');
  base.href = href;
  parent.insertBefore(base, before);
  added.push(base);
  return base;
}

afterEach(() => {
  added.splice(0).forEach((base) => base.remove());
});

describe("document.querySelector('base') in the test window", () => {
  it('is answered by the shortcut, not the selector engine', () => {
    expect(Object.hasOwn(document, 'querySelector')).toBe(true);
  });

  it('finds no base, then the one added, then none once it is removed', () => {
    expect(document.querySelector('base')).toBeNull();
    const base = addBase(document.head, 'http://localhost/a/');
    expect(document.querySelector('base')).toBe(base);
    base.remove();
    expect(document.querySelector('base')).toBeNull();
  });

  it('finds the first in tree order, wherever it was added', () => {
    const inBody = addBase(document.body, 'http://localhost/body/');
    expect(document.querySelector('base')).toBe(inBody);
    const inHead = addBase(document.head, 'http://localhost/head/');
    expect(document.querySelector('base')).toBe(inHead);
    const wrapper = document.createElement('div');
    document.body.prepend(wrapper);
    added.push(wrapper);
    const nested = addBase(wrapper, 'http://localhost/nested/');
    expect(document.querySelector('base')).toBe(inHead);
    inHead.remove();
    expect(document.querySelector('base')).toBe(nested);
  });

  it('leaves other selectors to jsdom', () => {
    const root = document.createElement('section');
    root.innerHTML = '<p class="x">one</p>';
    document.body.append(root);
    added.push(root);
    expect(document.querySelector('section p.x')?.textContent).toBe('one');
    expect(document.querySelector('base, section')).toBe(root);
  });
});
