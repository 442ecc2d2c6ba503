#!/usr/bin/env node
// A tiny, dependency-free static file server for the built app (dist/).
//
// - Serves files from `root` under `basePath` (e.g. '/apps/social/').
// - The directory itself (and any sub-directory) serves its index.html.
// - Anything missing is a 404: there is deliberately NO single-page-app fallback,
//   because the app must work on a plain static host without rewrites.
// - `overrides` maps a path relative to basePath (e.g. 'config.json') to either a string body
//   served instead of the file, or `null`, which makes that path a 404 even if the file exists.
// - Text files (HTML, JS, CSS, JSON, SVG...) of 256 bytes or more are compressed as every real host
//   does: brotli or gzip, whichever the request's Accept-Encoding prefers (brotli when both), at the
//   qualities `npm run size` reports (brotli 11, gzip 9), with `Vary: Accept-Encoding`. Each file is
//   compressed once per server (cached by path, size and mtime); `precompress: true` does all of them
//   at start, so the first request of a measurement does not pay for it. `compress: false` turns it off.
// - `proxy: { prefix: 'v2/', target: 'http://127.0.0.1:8787' }` forwards every request under
//   `${basePath}${prefix}` (any method) to `${target}/${prefix}...`, as deploy/nginx.conf does: the
//   app can then use `"apiBaseUrl": "."` and its API is same-origin. Answers pass through unchanged.
//
// CLI: node scripts/static-server.mjs --root dist --port 4173 [--base /apps/social/] [--host 127.0.0.1]
//        [--proxy-v2 http://127.0.0.1:8787] [--no-compress]
import { createServer, request as httpRequest, Agent } from 'node:http';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(filePath) {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Below this many bytes compression gains less than its headers cost (nginx's gzip_min_length in deploy/). */
export const MIN_COMPRESS_BYTES = 256;

function isCompressible(contentType) {
  return /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/.test(contentType);
}

/**
 * The encoding to answer with for an Accept-Encoding header: 'br' when accepted, else 'gzip', else null.
 * Honours `;q=0` (refused) and `*`.
 */
export function pickEncoding(acceptEncoding) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => {
    const q = accepted.has(name) ? accepted.get(name) : accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function compress(buffer, encoding) {
  return encoding === 'br'
    ? brotliAsync(buffer, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
        },
      })
    : gzipAsync(buffer, { level: 9 });
}

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function normaliseBasePath(basePath) {
  let base = basePath || '/';
  if (!base.startsWith('/')) base = `/${base}`;
  if (!base.endsWith('/')) base = `${base}/`;
  return base;
}

function normaliseOverrideKey(key) {
  return String(key).replace(/^\.?\/+/, '');
}

/**
 * @param {{ root: string, port?: number, host?: string, basePath?: string,
 *           overrides?: Record<string, string | null>, log?: boolean,
 *           compress?: boolean, precompress?: boolean,
 *           proxy?: { prefix: string, target: string } }} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
  basePath = '/',
  overrides = {},
  log = false,
  compress: compression = true,
  precompress = false,
  proxy,
}) {
  if (!root) throw new Error('startStaticServer: `root` is required');
  const rootDir = path.resolve(root);
  const rootStat = await stat(rootDir).catch(() => null);
  if (!rootStat?.isDirectory()) throw new Error(`startStaticServer: root is not a directory: ${rootDir}`);
  const base = normaliseBasePath(basePath);
  const overrideMap = new Map(
    Object.entries(overrides).map(([key, body]) => [normaliseOverrideKey(key), body]),
  );
  const proxyPrefix = proxy ? `${base}${normaliseOverrideKey(proxy.prefix).replace(/\/?$/, '/')}` : null;
  const proxyTarget = proxy ? new URL(proxy.target) : null;
  if (proxyTarget && proxyTarget.protocol !== 'http:') throw new Error('startStaticServer: proxy.target must be an http: URL');
  const proxyAgent = proxy ? new Agent({ keepAlive: true }) : null;

  /** Compressed bodies by file (path, size, mtime) and encoding: each is compressed once. */
  const compressed = new Map();
  const compressedFile = (filePath, info, encoding) => {
    const key = `${filePath}\0${info.size}\0${info.mtimeMs}\0${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(filePath).then((raw) => compress(raw, encoding));
      body.catch(() => compressed.delete(key));
      compressed.set(key, body);
    }
    return body;
  };
  if (compression && precompress) {
    for await (const filePath of walk(rootDir)) {
      const info = await stat(filePath);
      if (info.size < MIN_COMPRESS_BYTES || !isCompressible(contentTypeFor(filePath))) continue;
      await Promise.all(['br', 'gzip'].map((encoding) => compressedFile(filePath, info, encoding)));
    }
  }

  const send = (req, res, status, headers, body) => {
    res.writeHead(status, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers });
    if (req.method === 'HEAD') res.end();
    else res.end(body);
    if (log) console.log(`${status} ${req.method} ${req.url}`);
  };
  const notFound = (req, res) =>
    send(req, res, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Not found\n');
  /** A string body (an override), compressed when worth it. */
  const sendText = async (req, res, contentType, text) => {
    const raw = Buffer.from(text);
    const encoding = compression && raw.length >= MIN_COMPRESS_BYTES && isCompressible(contentType) ? pickEncoding(req.headers['accept-encoding']) : null;
    const body = encoding ? await compress(raw, encoding) : raw;
    const headers = { 'Content-Type': contentType, 'Content-Length': body.length };
    if (compression && isCompressible(contentType)) headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
    send(req, res, 200, headers, body);
  };

  const forward = (req, res) => {
    const upstream = httpRequest(
      {
        protocol: proxyTarget.protocol,
        hostname: proxyTarget.hostname,
        port: proxyTarget.port,
        method: req.method,
        path: `/${req.url.slice(base.length)}`,
        headers: { ...req.headers, host: proxyTarget.host, 'x-forwarded-host': req.headers.host ?? '' },
        agent: proxyAgent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        if (log) console.log(`${answer.statusCode} ${req.method} ${req.url} (proxied)`);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) send(req, res, 502, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad gateway\n');
      else res.destroy();
    });
    req.pipe(upstream);
  };

  const server = createServer(async (req, res) => {
    try {
      if (proxyPrefix && (req.url ?? '').startsWith(proxyPrefix)) {
        forward(req, res);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(req, res, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed\n');
        return;
      }
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      let decoded;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        send(req, res, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad request\n');
        return;
      }
      if (decoded.includes('\0')) return notFound(req, res);

      // The base path without its trailing slash redirects to the directory, as static hosts do.
      if (base !== '/' && decoded === base.slice(0, -1)) {
        send(req, res, 301, { Location: base }, '');
        return;
      }
      if (!decoded.startsWith(base)) return notFound(req, res);
      let relative = decoded.slice(base.length);

      if (overrideMap.has(relative)) {
        const body = overrideMap.get(relative);
        if (body === null || body === undefined) return notFound(req, res);
        await sendText(req, res, contentTypeFor(relative), body);
        return;
      }

      let filePath = path.resolve(rootDir, `.${path.posix.sep}${relative}`);
      if (filePath !== rootDir && !filePath.startsWith(rootDir + path.sep)) return notFound(req, res);

      let info = await stat(filePath).catch(() => null);
      if (info?.isDirectory()) {
        // A directory requested without its trailing slash: redirect so relative URLs resolve.
        if (relative !== '' && !relative.endsWith('/')) {
          const search = new URL(req.url ?? '/', 'http://localhost').search;
          send(req, res, 301, { Location: `${pathname}/${search}` }, '');
          return;
        }
        relative = `${relative}index.html`;
        if (overrideMap.has(relative)) {
          const body = overrideMap.get(relative);
          if (body === null || body === undefined) return notFound(req, res);
          await sendText(req, res, contentTypeFor(relative), body);
          return;
        }
        filePath = path.join(filePath, 'index.html');
        info = await stat(filePath).catch(() => null);
      }
      if (!info?.isFile()) return notFound(req, res);

      const contentType = contentTypeFor(filePath);
      const compressible = compression && isCompressible(contentType);
      const encoding = compressible && info.size >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
      if (encoding) {
        const body = await compressedFile(filePath, info, encoding);
        send(req, res, 200, { 'Content-Type': contentType, 'Content-Length': body.length, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' }, body);
        return;
      }
      res.writeHead(200, {
        'Content-Type': contentType,
        'Content-Length': info.size,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      });
      if (log) console.log(`200 ${req.method} ${req.url}`);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createReadStream(filePath);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    } catch (error) {
      if (!res.headersSent) {
        send(req, res, 500, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Internal server error\n');
      } else {
        res.destroy();
      }
      if (log) console.error(error);
    }
  });

  // Keep track of sockets so close() does not hang on keep-alive connections from the browser.
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${actualPort}${base}`;

  let closing;
  const close = () => {
    closing ??= new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections?.();
      proxyAgent?.destroy();
    });
    return closing;
  };

  return { url, port: actualPort, close };
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--root': options.root = value(); break;
      case '--port': options.port = Number(value()); break;
      case '--host': options.host = value(); break;
      case '--base': options.basePath = value(); break;
      case '--quiet': options.log = false; break;
      case '--no-compress': options.compress = false; break;
      case '--proxy-v2': options.proxy = { prefix: 'v2/', target: value() }; break;
      case '-h':
      case '--help':
        options.help = true; break;
      default:
        throw new Error(`Unknown argument: ${arg}`);
    }
  }
  return options;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  if (options.help) {
    console.log(
      'Usage: node scripts/static-server.mjs --root dist [--port 4173] [--host 127.0.0.1] [--base /apps/social/]\n' +
        '         [--proxy-v2 http://127.0.0.1:8787] [--no-compress] [--quiet]',
    );
    process.exit(0);
  }
  if (options.port !== undefined && !Number.isInteger(options.port)) {
    console.error('--port must be an integer');
    process.exit(2);
  }
  const scriptDir = path.dirname(fileURLToPath(import.meta.url));
  const root = options.root ?? path.join(scriptDir, '..', 'dist');
  startStaticServer({ log: true, ...options, root })
    .then(({ url, close }) => {
      console.log(`Static server for ${path.resolve(root)} listening on ${url}`);
      const stop = () => close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
