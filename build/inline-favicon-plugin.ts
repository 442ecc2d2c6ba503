import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * index.html's SVG icon goes inline, as a data: URL: the browser fetches a linked icon in the
 * first moments of a visit, on one of the six connections an HTTP/1.1 origin allows, beside the
 * scripts the first paint waits for (and Chromium asks for it again as the app starts). The file
 * stays in public/ for the web app manifest's icons. Throws when index.html no longer links it,
 * so the inlining cannot silently stop. Build only: the dev server also runs this hook for the
 * index.html it sends in place of a missing file (config.json, which dev does without), with its
 * links already rewritten, and the throw made that request a 500 and an error in the terminal.
 */
export function inlineFaviconPlugin({ file = 'public/favicon.svg', href = './favicon.svg' } = {}): Plugin {
  return {
    name: 'social:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const link = `<link rel="icon" href="${href}" type="image/svg+xml" />`;
      if (!html.includes(link)) throw new Error(`inline-favicon: index.html has no ${link}`);
      const svg = readFileSync(file, 'utf8').trim();
      const data = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace(link, `<link rel="icon" href="${data}" type="image/svg+xml" />`);
    },
  };
}
