// The test window's getComputedStyle, kept between calls by setup.ts (computed-style-cache.ts): each
// change it depends on gives a new answer, and nothing else does.
import { afterEach, describe, expect, it } from 'vitest';

const style = (element: Element) => getComputedStyle(element);

function mount(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.head.querySelectorAll('style[data-test]').forEach((sheet) => sheet.remove());
});

describe('getComputedStyle in the test window', () => {
  it('gives the kept answer while nothing changes, and a new one after a change', () => {
    const root = mount('<p>Hello</p>');
    const p = root.querySelector('p')!;
    const first = style(p);
    // (Compared as booleans: printing a CSSStyleDeclaration in a failure's diff throws.)
    expect(style(p) === first).toBe(true);
    p.firstChild!.nodeValue = 'Hello again';
    expect(style(p) === first).toBe(true);
    p.setAttribute('title', 'greeting');
    expect(style(p) === first).toBe(false);
    expect(style(p).cssText).toBe(first.cssText);
  });

  it("follows an element's own attributes and inline style", () => {
    const p = mount('<p>Hello</p>').querySelector('p')!;
    expect(style(p).display).toBe('block');
    p.hidden = true;
    expect(style(p).display).toBe('none');
    p.hidden = false;
    expect(style(p).visibility).toBe('visible');
    p.style.visibility = 'hidden';
    expect(style(p).visibility).toBe('hidden');
  });

  it("follows an ancestor's attributes: inheritance and :dir()", () => {
    // dir="" is no direction of its own: the span takes its parent's, and matches [dir]:dir(…).
    const root = mount('<section><span dir=""><b>name</b></span></section>');
    const section = root.querySelector('section')!;
    const span = root.querySelector('span')!;
    expect(style(span).direction).toBe('ltr');
    expect(style(span).visibility).toBe('visible');
    section.setAttribute('dir', 'rtl');
    expect(style(span).direction).toBe('rtl');
    section.style.visibility = 'hidden';
    expect(style(span).visibility).toBe('hidden');
  });

  it('follows the text under dir=auto', () => {
    const root = mount('<p dir="auto"><b>Hello</b></p>');
    const p = root.querySelector('p')!;
    expect(style(p).direction).toBe('ltr');
    root.querySelector('b')!.firstChild!.nodeValue = 'مرحبا';
    expect(style(p).direction).toBe('rtl');
  });

  it('follows earlier siblings (:first-of-type)', () => {
    const root = mount('<details open><summary>First</summary><p>Body</p></details>');
    const summary = root.querySelector('summary')!;
    const before = style(summary).display;
    summary.before(document.createElement('summary'));
    expect(style(summary).display).not.toBe(before);
  });

  it('follows a stylesheet added to the document', () => {
    const p = mount('<p>Hello</p>').querySelector('p')!;
    expect(style(p).visibility).toBe('visible');
    const sheet = document.createElement('style');
    sheet.dataset.test = '';
    sheet.textContent = 'p { visibility: hidden; }';
    document.head.append(sheet);
    expect(style(p).visibility).toBe('hidden');
    sheet.textContent = 'p { visibility: collapse; }';
    expect(style(p).visibility).toBe('collapse');
    sheet.firstChild!.nodeValue = 'p { visibility: visible; }';
    expect(style(p).visibility).toBe('visible');
    sheet.firstChild!.nodeValue = 'p { visibility: hidden; }';
    expect(style(p).visibility).toBe('hidden');
    sheet.remove();
    expect(style(p).visibility).toBe('visible');
  });

  it('follows a stylesheet inside what is added', () => {
    const p = mount('<p>Hello</p>').querySelector('p')!;
    expect(style(p).visibility).toBe('visible');
    // Into the head, so that no ancestor of the paragraph is touched.
    const holder = document.createElement('template-holder');
    holder.innerHTML = '<style>p { visibility: hidden; }</style>';
    document.head.append(holder);
    expect(style(p).visibility).toBe('hidden');
    holder.remove();
    expect(style(p).visibility).toBe('visible');
  });

  it('follows an element moved elsewhere', () => {
    const root = mount('<div hidden-parent><span>moved</span></div><div style="visibility: hidden"></div>');
    const span = root.querySelector('span')!;
    expect(style(span).visibility).toBe('visible');
    root.lastElementChild!.append(span);
    expect(style(span).visibility).toBe('hidden');
  });
});
