/**
 * The static host used by the browser tests, the bench and by hand (`npm run serve`): the built app
 * served as a plain static host serves it, assembled from maintained middleware instead of our own:
 *
 * - files: sirv (stat per request, so a folder changed while it runs is served as it is now);
 * - compression: `compression` (brotli or gzip by Accept-Encoding, text types of 256 bytes or more,
 *   as deploy/nginx.conf's gzip_min_length) — or, with `precompress`, files compressed once at start
 *   at the highest levels (brotli 11, gzip 9, what `npm run size` reports) and served as a host
 *   serving pre-compressed files does: the bench measures transfer sizes and must not pay
 *   compression time per request;
 * - the API on the app's own origin: http-proxy-middleware forwards `<base>v2/…` to the target's
 *   `/v2/…`, as deploy/nginx.conf does, answers passed through unchanged.
 *
 * What is ours: the app is served under a sub-path (`basePath`, no rewrites, no single-page-app
 * fallback: a missing file is a 404, as on a plain static host) and `overrides` — a path under the
 * base answered with a string (e.g. a config.json pointing at a mock API) or `null` (a 404 even where
 * the file exists).
 *
 * CLI: `npm run serve -- --root dist [--port 4173] [--host 127.0.0.1] [--base /apps/social/]
 *       [--proxy-v2 http://127.0.0.1:8787] [--config-api URL] [--no-compress] [--precompress]`
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import compression from 'compression';
import { createProxyMiddleware } from 'http-proxy-middleware';
import sirv from 'sirv';

export interface StaticServerOptions {
  /** The folder to serve (e.g. dist/). */
  root: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The path the app is served under, e.g. '/apps/social/' (default '/'). */
  basePath?: string;
  /** Paths relative to the base answered with this text instead of the file, or a 404 for null. */
  overrides?: Record<string, string | null>;
  /** Print a line a request. */
  log?: boolean;
  /** Compress text answers (default true). */
  compress?: boolean;
  /** Compress every file once at start at the highest levels (for measurements). */
  precompress?: boolean;
  /** Forward `${basePath}${prefix}…` (any method) to `${target}/${prefix}…`. */
  proxy?: { prefix: string; target: string };
}

export interface StaticServer {
  /** e.g. http://127.0.0.1:41234/apps/social/ (always ends in the base path). */
  url: string;
  port: number;
  close(): Promise<void>;
}

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** Below this many bytes compression gains less than its headers cost (nginx's gzip_min_length). */
export const MIN_COMPRESS_BYTES = 256;
const COMPRESSIBLE = /\.(html?|m?js|css|json|map|webmanifest|svg|txt|xml)$/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function normaliseBase(basePath = '/'): string {
  let base = basePath.startsWith('/') ? basePath : `/${basePath}`;
  if (!base.endsWith('/')) base += '/';
  return base;
}

const withoutLeadingSlash = (key: string) => key.replace(/^\.?\/+/, '');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** A copy of `root` with `.br` and `.gz` beside every compressible file worth compressing. */
async function precompressedCopy(root: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'social-serve-'));
  await cp(root, copy, { recursive: true });
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(copy)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      readFile(file).then(async (raw) => {
        if (raw.length < MIN_COMPRESS_BYTES) return;
        const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length };
        await writeFile(`${file}.br`, await brotliAsync(raw, { params }));
        await writeFile(`${file}.gz`, await gzipAsync(raw, { level: 9 }));
      }),
    );
  }
  await Promise.all(jobs);
  return copy;
}

/** Runs middlewares in order, connect-style; what none of them answers is a 404. */
function chain(middlewares: Middleware[], log: boolean) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (log) res.on('finish', () => console.log(`${res.statusCode} ${req.method} ${req.url}`));
    let index = 0;
    const next: Next = (error) => {
      if (error) {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal server error\n');
        if (log) console.error(error);
        return;
      }
      const middleware = middlewares[index++];
      if (!middleware) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : 'Not found\n');
        return;
      }
      try {
        middleware(req, res, next);
      } catch (caught) {
        next(caught);
      }
    };
    next();
  };
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const { port = 0, host = '127.0.0.1', overrides = {}, log = false, compress = true, precompress = false, proxy } = options;
  const root = path.resolve(options.root);
  if (!(await stat(root).catch(() => null))?.isDirectory()) throw new Error(`startStaticServer: root is not a directory: ${root}`);
  const base = normaliseBase(options.basePath);
  const overrideMap = new Map(Object.entries(overrides).map(([key, body]) => [withoutLeadingSlash(key), body]));
  const servedRoot = compress && precompress ? await precompressedCopy(root) : root;

  const middlewares: Middleware[] = [];
  // The base without its trailing slash redirects to the folder, as static hosts do.
  middlewares.push((req, res, next) => {
    if (base !== '/' && (req.url ?? '').split('?')[0] === base.slice(0, -1)) {
      res.writeHead(301, { Location: base });
      res.end();
    } else next();
  });
  if (proxy) {
    const prefix = `${base}${withoutLeadingSlash(proxy.prefix).replace(/\/?$/, '/')}`;
    middlewares.push(
      createProxyMiddleware<IncomingMessage, ServerResponse>({
        target: proxy.target,
        changeOrigin: true,
        pathFilter: (pathname) => pathname.startsWith(prefix),
        pathRewrite: (pathname) => `/${pathname.slice(base.length)}`,
      }),
    );
  }
  if (compress) {
    middlewares.push(compression({ threshold: MIN_COMPRESS_BYTES, level: 9 }) as Middleware);
  }
  // Paths outside the base, and the overrides.
  middlewares.push((req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!pathname.startsWith(base)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found\n');
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(base.length));
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request\n');
      return;
    }
    const key = relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative;
    if (!overrideMap.has(key)) {
      // sirv serves the folder's files as if the base were the root.
      req.url = `/${(req.url ?? '/').slice(base.length)}`;
      next();
      return;
    }
    const body = overrideMap.get(key);
    if (body === null || body === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not found\n');
      return;
    }
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  middlewares.push(
    sirv(servedRoot, {
      dev: true, // stat per request: a folder changed while it runs (a new deployment) is served as it is
      etag: true,
      brotli: compress && precompress,
      gzip: compress && precompress,
      extensions: ['html'], // a folder serves its index.html (and /x serves x.html, as most static hosts do)
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
    }) as Middleware,
  );

  const server = createServer(chain(middlewares, log));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}${base}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    }).then(async () => {
      if (servedRoot !== root) await rm(servedRoot, { recursive: true, force: true });
    });
    return closing;
  };
  return { url, port: actualPort, close };
}

function parseArgs(argv: string[]) {
  const options: Partial<StaticServerOptions> & { configApi?: string; help?: boolean } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--root': options.root = value(); break;
      case '--port': options.port = Number(value()); break;
      case '--host': options.host = value(); break;
      case '--base': options.basePath = value(); break;
      case '--no-compress': options.compress = false; break;
      case '--precompress': options.precompress = true; break;
      case '--proxy-v2': options.proxy = { prefix: 'v2/', target: value() }; break;
      case '--config-api': options.configApi = value(); break;
      case '-h':
      case '--help': options.help = true; break;
      default: throw new Error(`Unknown argument: ${arg}`);
    }
  }
  return options;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
    if (options.port !== undefined && !Number.isInteger(options.port)) throw new Error('--port must be an integer');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (options.help) {
    console.log(
      'Usage: npm run serve -- --root dist [--port 4173] [--host 127.0.0.1] [--base /apps/social/]\n' +
        '         [--proxy-v2 http://127.0.0.1:8787] [--config-api URL] [--no-compress] [--precompress]\n' +
        '  --config-api URL  answer config.json with {"apiBaseUrl": URL, "mocks": false} instead of the file',
    );
    process.exit(0);
  }
  const { configApi, help: _help, ...serverOptions } = options;
  const root = serverOptions.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const overrides: Record<string, string | null> = configApi ? { 'config.json': `${JSON.stringify({ apiBaseUrl: configApi, mocks: false })}\n` } : {};
  startStaticServer({ log: true, port: 4173, ...serverOptions, overrides, root })
    .then(({ url, close }) => {
      console.log(`Serving ${root} on ${url}`);
      const stop = () => void close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
