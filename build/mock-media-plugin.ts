import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';

/** Where the mock's sample pictures live, and the path they are served at next to index.html. */
const MEDIA_SOURCE = 'src/mocks/media';
const MEDIA_PATH = 'mock-media/';
const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * The mock's sample pictures (src/mocks/media.ts) at `mock-media/` next to index.html: served by the
 * dev server, and copied into `--mode preview` builds. A production dist/ does not ship them.
 */
export function mockMediaPlugin(): Plugin {
  let folder = '';
  let ship = false;
  const files = () => readdirSync(folder).filter((name) => TYPES[extname(name)]);
  return {
    name: 'social-mock-media',
    configResolved(config) {
      folder = resolve(config.root, MEDIA_SOURCE);
      ship = config.command === 'build' && config.mode === 'preview';
    },
    configureServer(server) {
      const serve: Connect.NextHandleFunction = (req, res, next) => {
        const match = new RegExp(`/${MEDIA_PATH}([^/?#]+)(?:\\?|$)`).exec(req.url ?? '');
        if (!match) return next();
        // Only the folder's own files by name: nothing else on disk is reachable.
        const name = files().find((file) => file === match[1]);
        if (!name) {
          res.statusCode = 404;
          res.end('No such picture');
          return;
        }
        res.setHeader('Content-Type', TYPES[extname(name)] ?? 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(readFileSync(join(folder, name)));
      };
      server.middlewares.use(serve);
    },
    generateBundle() {
      if (!ship) return;
      for (const name of files()) {
        this.emitFile({ type: 'asset', fileName: `${MEDIA_PATH}${name}`, source: readFileSync(join(folder, name)) });
      }
    },
  };
}
