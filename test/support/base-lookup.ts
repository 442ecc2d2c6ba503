/**
 * `document.querySelector('base')` in the test window, answered from jsdom's live
 * `getElementsByTagName('base')` collection.
 *
 * React Router's hash history asks for the document's <base> each time it makes a link's href
 * (`createHashHref`), so every render of every <Link> runs it. jsdom answers querySelector by running
 * its selector engine over the whole document: 5 % of the Vitest suite's CPU time (issue 37). The live
 * collection walks the document again only after it has changed, and gives the same element: the
 * first <base> in tree order. Other selectors, and other nodes' querySelector, are jsdom's own.
 *
 * VERIFY_JSDOM_SHORTCUTS=1 asks jsdom too each time and throws where the answers differ.
 */
const INSTALLED = Symbol.for('social-client.base-lookup');

type Installable = Window & typeof globalThis & { [INSTALLED]?: true };

export function answerBaseLookups(win: Installable, verify = false): void {
  if (win[INSTALLED]) return;
  win[INSTALLED] = true;
  const document = win.document;
  const querySelector = document.querySelector.bind(document);
  const bases = document.getElementsByTagName('base');
  document.querySelector = ((selectors: string) => {
    if (selectors !== 'base') return querySelector(selectors);
    const base = bases[0] ?? null;
    if (verify && base !== querySelector('base')) throw new Error('base-lookup: a different <base> than querySelector finds');
    return base;
  }) as Document['querySelector'];
}
