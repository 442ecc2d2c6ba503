/**
 * jsdom's getComputedStyle, remembered until something it depends on changes.
 *
 * Testing Library's role queries ask for an element's computed style for every candidate and each of
 * its ancestors (is it hidden?) and for every node inside an accessible name (is it a block?), and a
 * findBy query asks again at each retry. jsdom answers each call by matching its whole default
 * stylesheet against the element: a fifth of the Vitest suite's CPU time went there (issue 37,
 * docs/performance.md).
 *
 * What an element's computed style depends on, in a test's document (jsdom's default stylesheet, the
 * inline styles; the app's CSS is not loaded): the element's attributes and its ancestors' (selectors,
 * inheritance), its earlier siblings (`:first-of-type`), the text under the nearest `dir=auto` or
 * `<bdi>` around it (`:dir()`), focus (`:focus-visible`) and the document's stylesheets.
 * So an answer is kept until a mutation touches one of those: an attribute marks its element's parent
 * (the element, its siblings and their subtrees), a child added or removed marks the parent, text marks
 * the `dir=auto` and `<bdi>` elements above it, and a change to the document's list of stylesheets drops
 * everything (a sheet's rules changed through the CSSOM, `insertRule`, are not seen: no test does it).
 * A kept answer is used only when nothing from the element up to the document was marked after it was
 * computed. Mutations are read synchronously (the observer's pending records are taken on every call)
 * as well as when the observer delivers them.
 *
 * VERIFY_JSDOM_SHORTCUTS=1 computes every answer again the slow way and throws where the kept one differs
 * (`VERIFY_JSDOM_SHORTCUTS=1 npx vitest run`).
 */
const INSTALLED = Symbol.for('social-client.computed-style-cache');

type CachingWindow = Window & typeof globalThis & { [INSTALLED]?: true };

interface Kept {
  style: CSSStyleDeclaration;
  at: number;
}

export function cacheComputedStyle(win: CachingWindow, verify = false): void {
  if (win[INSTALLED]) return;
  win[INSTALLED] = true;
  const document = win.document;
  const compute = win.getComputedStyle.bind(win);
  const kept = new WeakMap<Element, Map<string, Kept>>();
  // When a node was last marked: whatever was computed for it or below it before then is stale.
  const marked = new WeakMap<Node, number>();
  let clock = 0;
  const mark = (node: Node) => marked.set(node, ++clock);

  const markDirectionRoots = (from: Node) => {
    for (let node: Node | null = from; node; node = node.parentNode) {
      if (node.nodeType !== 1) continue;
      const element = node as Element;
      if (element.localName === 'bdi' || element.getAttribute('dir')?.toLowerCase() === 'auto') mark(element);
    }
  };

  // The document's stylesheets as last seen: one added or removed anywhere (however deep in what was
  // inserted), or a <style> whose text changed (jsdom parses it into a new sheet), changes the list,
  // read in constant time instead of searching each inserted subtree.
  let sheets = [...document.styleSheets];
  const sheetsChanged = () => {
    const now = document.styleSheets;
    if (now.length === sheets.length && sheets.every((sheet, i) => now[i] === sheet)) return false;
    sheets = [...now];
    return true;
  };

  const apply = (records: MutationRecord[]) => {
    if (sheetsChanged()) mark(document);
    for (const record of records) {
      const target = record.target;
      if (record.type === 'attributes') {
        mark(target.parentNode ?? target);
        markDirectionRoots(target);
      } else if (record.type === 'childList') {
        mark(target);
        markDirectionRoots(target);
      } else {
        markDirectionRoots(target);
      }
    }
  };

  const observer = new win.MutationObserver(apply);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // `:focus-visible` sets only `outline: auto`, which jsdom 27 drops: kept right for a jsdom that does not.
  const markFocusTarget = (event: Event) => {
    const target = event.composedPath()[0];
    if (target instanceof win.Node) mark(target);
  };
  document.addEventListener('focusin', markFocusTarget, true);
  document.addEventListener('focusout', markFocusTarget, true);

  const fresh = (element: Element, entry: Kept) => {
    for (let node: Node | null = element; node; node = node.parentNode) {
      if ((marked.get(node) ?? 0) > entry.at) return false;
    }
    return true;
  };

  win.getComputedStyle = (element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    // Mutations outside the document are not observed: a detached element is not kept.
    if (!element.isConnected) return compute(element, pseudoElement);
    apply(observer.takeRecords());
    const key = pseudoElement ?? '';
    let byPseudo = kept.get(element);
    const entry = byPseudo?.get(key);
    if (entry && fresh(element, entry)) {
      if (verify) {
        const now = compute(element, pseudoElement);
        if (now.cssText !== entry.style.cssText)
          throw new Error(`computed-style-cache: a stale style for <${element.localName}>: ${entry.style.cssText} ≠ ${now.cssText}`);
      }
      return entry.style;
    }
    const style = compute(element, pseudoElement);
    if (!byPseudo) kept.set(element, (byPseudo = new Map()));
    byPseudo.set(key, { style, at: clock });
    return style;
  };
}
