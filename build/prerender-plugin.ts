import { createHash } from 'node:crypto';
import { build, createServer, type Plugin, type ResolvedConfig } from 'vite';
import type * as Prerender from '../src/app/prerender';

/**
 * The built index.html paints the signed-out home's first screen before any of the app's code has
 * arrived (issue 10: a first visit's first paint waited for 130 KB of JavaScript):
 * - src/app/prerender.tsx renders that screen (the layout and the home, as the app's first commit
 *   shows them: blog place held, sign-in form loading) with the English catalog, on the server side
 *   of a Vite instance run for the purpose, into `<template id="prerender">`;
 * - the app's own tags (entry script, module preloads, config.json's preload) leave `<head>` for a
 *   JSON list, `<script type="application/json" id="boot-assets">`;
 * - src/app/boot-loader.ts, built and minified here, is inlined after that list, before the stylesheet:
 *   it shows the template to the visitor it was rendered for and fetches the app after that paint, or
 *   at once for anyone else;
 * - the Content-Security-Policy's script-src allows that one inline script by its hash (the same hash
 *   is in deploy/nginx.conf's header; test/e2e/nginx.spec.ts compares the two).
 * Build only, and last among the `transformIndexHtml` hooks that add tags.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'social:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const [markup, loader] = await Promise.all([renderHome(config), buildLoader(config.root)]);
        return prerenderedIndex(html, markup, loader, (script) => staticImports(ctx.bundle ?? {}, script));
      },
    },
  };
}

/** The signed-out home's markup, from the app's own components (src/app/prerender.tsx). */
async function renderHome(config: ResolvedConfig): Promise<string> {
  const server = await createServer({
    root: config.root,
    configFile: config.configFile,
    mode: config.mode,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderSignedOutHome } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof Prerender;
    return await renderSignedOutHome();
  } finally {
    await server.close();
  }
}

/** src/app/boot-loader.ts with its one call, as a minified script. */
async function buildLoader(root: string): Promise<string> {
  const entry = '\0boot-loader-entry';
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'boot-loader-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? `import { boot } from '/src/app/boot-loader.ts';\nboot();\n` : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: { input: entry, output: { format: 'iife' } },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('prerender: the boot loader did not build');
  return chunk.code.trim();
}

/** The hash source of an inline script, as CSP's script-src names it. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin(?:="")? href="([^"]+)">/g;
const FETCH_PRELOAD = /\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin(?:="")?>/g;

/** The chunks `script` (as index.html names it, `./assets/….js`) imports statically, directly or not, named the same way. */
function staticImports(bundle: Record<string, { type: string; imports?: string[] }>, script: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const imported of bundle[file]?.imports ?? []) {
      if (!seen.has(imported)) {
        seen.add(imported);
        visit(imported);
      }
    }
  };
  visit(script.replace(/^\.\//, ''));
  return [...seen].map((file) => `./${file}`);
}

/**
 * index.html with its app tags listed instead of linked, the prerendered screen and the loader.
 * When the entry chunk is nothing but imports (the app's start is in the core chunk: src/main.tsx),
 * Vite writes a script tag for each chunk it imports instead of one for it: the last is the one
 * that imports the others (`importsOf` says what a script imports), and the others are listed as
 * module preloads, as its imports are otherwise.
 */
export function prerenderedIndex(html: string, markup: string, loader: string, importsOf?: (script: string) => string[]): string {
  const take = (pattern: RegExp) => {
    const found = [...html.matchAll(pattern)].map((match) => match[1]!);
    html = html.replace(pattern, '');
    return found;
  };
  if (/<\/script|<!--/i.test(loader)) throw new Error('prerender: the loader would end its <script> element early');
  const entries = take(ENTRY);
  const entry = entries.at(-1);
  const imported = entry && importsOf ? importsOf(entry) : [];
  const others = entries.slice(0, -1);
  if (!entry || others.some((script) => !imported.includes(script)))
    throw new Error(`prerender: expected one entry script in index.html (or one that imports the others), found ${entries.join(', ') || 'none'}`);
  const assets = { modules: [...others, ...take(MODULE_PRELOAD)], fetches: take(FETCH_PRELOAD), entry };
  // Nothing may still fetch on its own: the loader must be what starts the app.
  if (/<script type="module"|rel="modulepreload"/.test(html)) throw new Error('prerender: index.html has an app tag this plugin does not know');
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('prerender: no empty #root in index.html');
  html = html.replace(root, `${root}\n    <template id="prerender">${markup}</template>`);
  // Before the stylesheet: an inline script after one waits for its download (src/app/boot-loader.ts).
  const stylesheet = html.indexOf('<link rel="stylesheet"');
  if (stylesheet < 0) throw new Error('prerender: no stylesheet link in index.html');
  // `<` escaped: the list sits in a script element, whose text must not close it.
  const json = JSON.stringify(assets).replace(/</g, '\\u003c');
  html = `${html.slice(0, stylesheet)}<script type="application/json" id="boot-assets">${json}</script>\n    <script id="boot-loader">${loader}</script>\n    ${html.slice(stylesheet)}`;
  const withHash = html.replace(/(script-src &#39;self&#39;|script-src 'self')/, (source) => `${source} ${scriptHash(loader).replace(/'/g, source.includes('&#39;') ? '&#39;' : "'")}`);
  if (withHash === html) throw new Error("prerender: no script-src 'self' in index.html's Content-Security-Policy");
  return withHash;
}
