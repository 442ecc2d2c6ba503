import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prerenderedIndex } from '../../build/prerender-plugin';

// The shape Vite and the other plugins leave index.html in (build/csp-plugin.ts, boot-preload-plugin.ts).
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39;; style-src &#39;self&#39;">
    <meta charset="UTF-8" />
    <title>Social</title>
    <script type="module" crossorigin src="./assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/core-B.js">
    <link rel="stylesheet" crossorigin href="./assets/index-C.css">
    <link rel="preload" href="./config.json" as="fetch" crossorigin="">
    <link rel="modulepreload" crossorigin="" href="./assets/en-D.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const LOADER = '(function(){boot()})();';

describe('the prerendered index.html', () => {
  const html = prerenderedIndex(BUILT, '<h1>Welcome to Social</h1>', LOADER);
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('links none of the app itself: its tags are a list for the loader', () => {
    expect(doc.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="preload"]')).toHaveLength(0);
    expect(JSON.parse(doc.getElementById('boot-assets')!.textContent!)).toEqual({
      modules: ['./assets/core-B.js', './assets/en-D.js'],
      fetches: ['./config.json'],
      entry: './assets/index-A.js',
    });
  });

  it('puts the loader before the stylesheet, the screen in a template after the empty root', () => {
    const order = [...doc.querySelectorAll('#boot-loader, link[rel="stylesheet"], #root, template')].map((e) => e.id || e.tagName.toLowerCase());
    expect(order).toEqual(['boot-loader', 'link', 'root', 'prerender']);
    expect(doc.getElementById('boot-loader')!.textContent).toBe(LOADER);
    expect(doc.getElementById('root')!.childNodes).toHaveLength(0);
    expect((doc.getElementById('prerender') as HTMLTemplateElement).content.textContent).toBe('Welcome to Social');
  });

  it('allows the loader, and only it, by its hash', () => {
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;
    const hash = createHash('sha256').update(LOADER).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
  });

  it('starts from the chunk that imports the others when Vite writes a script for each import of an entry of imports only', () => {
    // src/main.tsx imports only the start (in core) and the stylesheet: Vite writes the chunks it imports instead.
    const scripts = BUILT.replace(
      '<script type="module" crossorigin src="./assets/index-A.js"></script>\n    <link rel="modulepreload" crossorigin href="./assets/core-B.js">',
      '<script type="module" crossorigin src="./assets/runtime-R.js"></script>\n    <script type="module" crossorigin src="./assets/core-B.js"></script>',
    );
    const imports = (script: string) => (script === './assets/core-B.js' ? ['./assets/runtime-R.js'] : []);
    const list = new DOMParser().parseFromString(prerenderedIndex(scripts, '', LOADER, imports), 'text/html').getElementById('boot-assets')!.textContent!;
    expect(JSON.parse(list)).toEqual({ modules: ['./assets/runtime-R.js', './assets/en-D.js'], fetches: ['./config.json'], entry: './assets/core-B.js' });
    // Two scripts neither of which imports the other: which would start the app is unknown.
    expect(() => prerenderedIndex(scripts, '', LOADER, () => [])).toThrow(/one entry script in index.html \(or one that imports the others\), found \.\/assets\/runtime-R\.js, \.\/assets\/core-B\.js/);
    expect(() => prerenderedIndex(scripts, '', LOADER)).toThrow(/one entry script/);
  });

  it('refuses an index.html it does not understand rather than ship one that never starts', () => {
    expect(() => prerenderedIndex(BUILT.replace(/<script type="module"[^\n]*\n/, ''), '', LOADER)).toThrow(/one entry script/);
    expect(() => prerenderedIndex(BUILT.replace('script-src &#39;self&#39;', 'script-src *'), '', LOADER)).toThrow(/script-src/);
    expect(() => prerenderedIndex(BUILT, '', 'x="</script>"')).toThrow(/early/);
  });
});
