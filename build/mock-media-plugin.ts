import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';

/** Where the mock's sample pictures live, and the path they are served at next to index.html. */
const MEDIA_SOURCE = 'src/mocks/media';
const MEDIA_PATH = 'mock-media/';
const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * Whether a build in this mode carries the mock backend: development, tests and `npm run build:preview`
 * do; a production build does not (no fixtures, no mock tokens, no MSW, no mockServiceWorker.js), so a
 * deployed dist/ gives secret scanners nothing to flag, and `"mocks": true` there is a configuration error.
 */
export function carriesMockBackend(mode: string): boolean {
  return mode === 'development' || mode === 'test' || mode === 'preview';
}

/** MSW's worker: in public/ (where `npx msw init` writes it), so every build copies it unless removed. */
const MSW_WORKER = 'mockServiceWorker.js';

/**
 * The mock's sample pictures (src/mocks/media.ts) at `mock-media/` next to index.html: served by the
 * dev server, and copied into `--mode preview` builds. A production dist/ does not ship them, nor MSW's
 * worker (removed from the output once written).
 */
export function mockMediaPlugin(): Plugin {
  let folder = '';
  let ship = false;
  let dropWorker: string | null = null;
  const files = () => readdirSync(folder).filter((name) => TYPES[extname(name)]);
  return {
    name: 'social-mock-media',
    configResolved(config) {
      folder = resolve(config.root, MEDIA_SOURCE);
      ship = config.command === 'build' && config.mode === 'preview';
      dropWorker = config.command === 'build' && !carriesMockBackend(config.mode) ? resolve(config.root, config.build.outDir, MSW_WORKER) : null;
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
    closeBundle() {
      if (dropWorker) rmSync(dropWorker, { force: true });
    },
    generateBundle() {
      if (!ship) return;
      for (const name of files()) {
        this.emitFile({ type: 'asset', fileName: `${MEDIA_PATH}${name}`, source: readFileSync(join(folder, name)) });
      }
    },
  };
}
