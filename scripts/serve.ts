/**
 * The static host of the browser tests, the bench and `npm run serve`: the built app as a plain static
 * host serves it, configured from maintained packages — sirv (files, stat per request), `compression`
 * (brotli or gzip, text of 256 bytes or more, as deploy/nginx.conf's gzip_min_length),
 * http-proxy-middleware (`<base>v2/…` to the API's `/v2/…`, as nginx.conf does), node:util parseArgs.
 * Ours: the sub-path (`basePath`; no rewrites, no single-page fallback: a missing file is a 404),
 * `overrides` (a path under the base answered with a string, or a 404 for null) and `precompress`
 * (every file compressed once at start at the highest levels, what `npm run size` reports: the bench
 * measures transfer sizes and must not pay compression per request). CLI: USAGE below.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import compression from 'compression';
import { createProxyMiddleware } from 'http-proxy-middleware';
import sirv from 'sirv';

/** port 0 (the default): a free one; basePath '/', compress true by default; proxy forwards `${basePath}${prefix}…` (any method) to `${target}/${prefix}…`. */
export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
  basePath?: string;
  overrides?: Record<string, string | null>;
  log?: boolean;
  compress?: boolean;
  precompress?: boolean;
  proxy?: { prefix: string; target: string };
}
/** url: e.g. http://127.0.0.1:41234/apps/social/ (always ends in the base path). */
export type StaticServer = { url: string; port: number; close(): Promise<void> };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

const USAGE = `Usage: npm run serve -- --root dist [--port 4173] [--host 127.0.0.1] [--base /apps/social/]
         [--proxy-v2 http://127.0.0.1:8787] [--config-api URL] [--no-compress] [--precompress]
  --config-api URL  answer config.json with {"apiBaseUrl": URL, "mocks": false} instead of the file`;
export const MIN_COMPRESS_BYTES = 256;
const COMPRESSIBLE = /\.(html?|m?js|css|json|map|webmanifest|svg|txt|xml)$/i;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain', '.svg': 'image/svg+xml' };
const [brotli, gzipped] = [promisify(brotliCompress), promisify(gzip)];

const answer = (res: ServerResponse, status: number, body: string, head: boolean, headers: Record<string, string | number> = {}) => {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(head ? undefined : body);
};

/** A copy of `root` with `.br` and `.gz` beside every compressible file worth compressing. */
async function precompressedCopy(root: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'social-serve-'));
  await cp(root, copy, { recursive: true });
  const files = (await readdir(copy, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && COMPRESSIBLE.test(e.name));
  const compressed = async (file: string) => {
    const raw = await readFile(file);
    if (raw.length < MIN_COMPRESS_BYTES) return;
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length };
    await Promise.all([writeFile(`${file}.br`, await brotli(raw, { params })), writeFile(`${file}.gz`, await gzipped(raw, { level: 9 }))]);
  };
  await Promise.all(files.map((entry) => compressed(path.join(entry.parentPath, entry.name))));
  return copy;
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const { port = 0, host = '127.0.0.1', overrides = {}, log = false, compress = true, precompress = false, proxy } = options;
  const root = path.resolve(options.root);
  if (!(await stat(root).catch(() => null))?.isDirectory()) throw new Error(`startStaticServer: root is not a directory: ${root}`);
  const base = `/${(options.basePath ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const replaced = new Map(Object.entries(overrides).map(([key, body]) => [key.replace(/^\.?\/+/, ''), body]));
  const served = compress && precompress ? await precompressedCopy(root) : root;

  const underBase: Middleware = (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (base !== '/' && pathname === base.slice(0, -1)) return answer(res, 301, '', true, { Location: base });
    if (!pathname.startsWith(base)) return answer(res, 404, 'Not found\n', false);
    let key: string;
    try {
      key = decodeURIComponent(pathname.slice(base.length)).replace(/(^|\/)$/, '$1index.html');
    } catch {
      return answer(res, 400, 'Bad request\n', false);
    }
    if (!replaced.has(key)) {
      req.url = `/${req.url!.slice(base.length)}`; // sirv serves the folder as if the base were the root
      return next();
    }
    const body = replaced.get(key);
    if (body == null) return answer(res, 404, 'Not found\n', false);
    const type = TYPES[path.extname(key)]?.replace(/^(?!image\/).+$/, '$&; charset=utf-8') ?? 'application/octet-stream';
    answer(res, 200, body, req.method === 'HEAD', { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'X-Content-Type-Options': 'nosniff' });
  };
  const [both, setHeaders] = [compress && precompress, (res: ServerResponse) => res.setHeader('Cache-Control', 'no-store').setHeader('X-Content-Type-Options', 'nosniff')];
  // dev: stat per request, so a folder changed while it runs (a new deployment) is served as it is now.
  const files = sirv(served, { dev: true, etag: true, brotli: both, gzip: both, extensions: ['html'], setHeaders }) as Middleware;
  const prefix = proxy && `${base}${proxy.prefix.replace(/^\/+|\/+$/g, '')}/`;
  const forward = proxy && createProxyMiddleware<IncomingMessage, ServerResponse>({ target: proxy.target, changeOrigin: true, pathFilter: (p) => p.startsWith(prefix!), pathRewrite: (p) => `/${p.slice(base.length)}` });
  const middlewares = [forward, compress && (compression({ threshold: MIN_COMPRESS_BYTES, level: 9 }) as Middleware), underBase, files].filter((m): m is Middleware => Boolean(m));
  // connect-style: each passes to the next; what none answers is a 404, a thrown or passed error a 500.
  const notFound: Handler = (req, res) => answer(res, 404, 'Not found\n', req.method === 'HEAD');
  const failed = (res: ServerResponse, error: unknown) => {
    if (log) console.error(error);
    return res.headersSent ? res.end() : answer(res, 500, 'Internal server error\n', false);
  };
  const handler = middlewares.reduceRight<Handler>((next, middleware) => (req, res) => {
    const onward = (error?: unknown) => (error ? failed(res, error) : next(req, res));
    try { middleware(req, res, onward); } catch (error) { failed(res, error); } // prettier-ignore
  }, notFound);
  const server = createServer((req, res) => (log && res.on('finish', () => console.log(`${res.statusCode} ${req.method} ${req.url}`)), handler(req, res)));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const stopped = () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections()));
  const close = () => (closing ??= stopped().then(() => (served !== root ? rm(served, { recursive: true, force: true }) : undefined)));
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}${base}`, port: actual, close };
}

/** The CLI's arguments as server options (throws on an unknown one or a bad port). */
export function parseCli(args: string[]): (Partial<StaticServerOptions> & { configApi?: string }) | 'help' {
  const text = { type: 'string' } as const;
  const flag = { type: 'boolean' } as const;
  const options = { root: text, port: text, host: text, base: text, 'proxy-v2': text, 'config-api': text, 'no-compress': flag, precompress: flag, help: { ...flag, short: 'h' } };
  const { values } = parseArgs({ args, strict: true, options });
  if (values.help) return 'help';
  if (values.port !== undefined && !/^\d+$/.test(values.port)) throw new Error('--port must be an integer');
  const { root, port, host, base: basePath, 'proxy-v2': target, 'config-api': configApi, 'no-compress': noCompress, precompress } = values;
  const parsed = { root, port: port && Number(port), host, basePath, proxy: target && { prefix: 'v2/', target }, configApi, compress: noCompress && false, precompress };
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const parsed = (() => {
    try {
      return parseCli(process.argv.slice(2));
    } catch (error) {
      return process.exit((console.error((error as Error).message), 2));
    }
  })();
  if (parsed === 'help') process.exit((console.log(USAGE), 0));
  const { configApi, ...options } = parsed;
  const root = options.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const overrides: Record<string, string> = configApi ? { 'config.json': `${JSON.stringify({ apiBaseUrl: configApi, mocks: false })}\n` } : {};
  startStaticServer({ log: true, port: 4173, ...options, overrides, root }).then(({ url, close }) => {
    console.log(`Serving ${root} on ${url}`);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void close().then(() => process.exit(0)));
  }, (error: Error) => process.exit((console.error(error.message), 1))); // prettier-ignore
}
