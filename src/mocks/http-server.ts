/**
 * The mock backend as a real HTTP server (node:http), for running the built app or a browser
 * against it: each request becomes a Fetch Request answered by the same msw handlers. It serves the
 * sample pictures too (GET /mock-media/<file>), so picture URLs point at this server and nowhere else.
 * Node only; state lives in memory for the life of the process.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { createMockDb, isMockDbSnapshot } from './db';
import type { MockDb } from './db';
import { createHandlers } from './handlers';
import { ALL_FAULTS, seededRandom, type FaultConfig } from './handlers/faults';
import type { LatencyOption } from './handlers/shared';
import { MOCK_MEDIA_FILES, MOCK_MEDIA_PATH, type MockMediaFile } from './media';

export const DEFAULT_MOCK_PORT = 8787;

/** Handlers match this fixed origin whatever Host the request came in with. */
const INTERNAL_BASE = 'http://mock-api.internal';

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  'Access-Control-Allow-Methods': 'GET, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'Retry-After',
  'Access-Control-Max-Age': '600',
};

export interface MockHttpServerOptions {
  /** 0 (the default) picks a free port; `url` reports the real one. */
  port?: number;
  host?: string;
  latencyMs?: LatencyOption;
  /**
   * Answer only what Draft 4 lists, as a server written from the API document alone would: get-post
   * without the parent_id this mock adds. What a reset goes back to; POST /__mock/options changes it.
   */
  draftOnly?: boolean;
  /**
   * Defaults to a fresh database seeded from the fixtures once the server knows its address, so
   * its pictures point here. A database made elsewhere keeps the picture URLs it was made with.
   */
  db?: MockDb;
}

export interface MockHttpServer {
  /** e.g. http://127.0.0.1:8787 (no trailing slash): the client's apiBaseUrl. */
  url: string;
  port: number;
  db: MockDb;
  close(): Promise<void>;
}

async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

async function toFetchRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readRequestBody(req);
  return new Request(new URL(req.url ?? '/', INTERNAL_BASE), {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer | string) {
  res.writeHead(status, { ...CORS_HEADERS, ...headers });
  res.end(body);
}

const MEDIA_DIR = new URL('./media/', import.meta.url);
const MEDIA_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp' };
const isMediaFile = (name: string): name is MockMediaFile => (MOCK_MEDIA_FILES as readonly string[]).includes(name);

/** GET /mock-media/<file>: only the listed files, so no path ever reaches outside the folder. */
async function sendMedia(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
  if (!isMediaFile(name)) {
    send(res, 404, { 'Content-Type': 'text/plain' }, 'No such picture');
    return;
  }
  const body = await readFile(new URL(name, MEDIA_DIR));
  const type = MEDIA_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  send(res, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' }, req.method === 'HEAD' ? undefined : body);
}

export function startMockHttpServer(options: MockHttpServerOptions = {}): Promise<MockHttpServer> {
  const { port = 0, host = '127.0.0.1', latencyMs, draftOnly = false } = options;
  const server = createServer();
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      const url = `http://${host}:${actual}`;
      const db = options.db ?? createMockDb({ mediaBase: `${url}/${MOCK_MEDIA_PATH}` });
      // Attached before any connection can be read: the listen callback runs first.
      server.on('request', requestListener(db, latencyMs, draftOnly));
      resolvePromise({
        url,
        port: actual,
        db,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}

function requestListener(db: MockDb, latencyMs: LatencyOption | undefined, startDraftOnly: boolean) {
  let faults: FaultConfig | null = null;
  let random = Math.random;
  let draftOnly = startDraftOnly;
  /** Set by POST /__mock/options (`latencyMs`): replaces the server's own latency until a reset. */
  let slowedMs: number | undefined;
  const latency = (request: Request) =>
    slowedMs ?? (typeof latencyMs === 'function' ? latencyMs(request) : (latencyMs ?? 0));
  const handlers = createHandlers({ baseUrl: INTERNAL_BASE, db, latencyMs: latency, faults: () => faults, random: () => random() });

  return (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method === 'OPTIONS') {
        send(res, 204, {});
        return;
      }
      const media = (req.method === 'GET' || req.method === 'HEAD') && /^\/mock-media\/([^/?#]+)/.exec(req.url ?? '');
      if (media) {
        await sendMedia(req, res, media[1] ?? '');
        return;
      }
      // Test isolation: browser suites reset the server's state to the seed between runs.
      if (req.method === 'POST' && req.url === '/__mock/reset') {
        db.reset();
        faults = null;
        draftOnly = startDraftOnly;
        slowedMs = undefined;
        send(res, 204, {});
        return;
      }
      // Fault runs: {"rate":0.3,"kinds":["500",...],"seed":42}; rate 0 switches faults off.
      if (req.method === 'POST' && req.url === '/__mock/faults') {
        const body = JSON.parse((await readRequestBody(req)).toString() || '{}') as Partial<FaultConfig> & { seed?: number };
        faults = { rate: Number(body.rate ?? 0), kinds: body.kinds ?? ALL_FAULTS, hangMs: body.hangMs };
        random = body.seed === undefined ? Math.random : seededRandom(body.seed);
        send(res, 204, {});
        return;
      }
      // {"draftOnly":true}: get-post answers only what Draft 4 lists (no parent_id), as a server
      // written from the API document alone would; false goes back to the mock's extras (a reset, to
      // what the server started with). {"latencyMs":150}: every answer that long in coming (a reset
      // ends it); a field left out is left as it is.
      if (req.method === 'POST' && req.url === '/__mock/options') {
        const body = JSON.parse((await readRequestBody(req)).toString() || '{}') as { draftOnly?: unknown; latencyMs?: unknown };
        if (body.draftOnly !== undefined) draftOnly = body.draftOnly === true;
        if (typeof body.latencyMs === 'number' && body.latencyMs >= 0) slowedMs = body.latencyMs;
        send(res, 204, {});
        return;
      }
      // A state to start from (what GET answers, changed): accounts and posts the API could not make,
      // such as a username that differs from another only in case. 400 for anything else.
      if (req.method === 'POST' && req.url === '/__mock/state') {
        const body: unknown = JSON.parse((await readRequestBody(req)).toString() || 'null');
        if (!isMockDbSnapshot(body)) {
          send(res, 400, { 'Content-Type': 'application/json' }, JSON.stringify({ error: true, reason: 'Not a mock database snapshot' }));
          return;
        }
        db.restore(body);
        send(res, 204, {});
        return;
      }
      // What the server holds, for tests that check nothing was lost or doubled.
      if (req.method === 'GET' && req.url === '/__mock/state') {
        send(res, 200, { 'Content-Type': 'application/json' }, JSON.stringify(db.snapshot()));
        return;
      }
      const request = await toFetchRequest(req);
      const response = await getResponse(handlers, request);
      if (!response) {
        send(res, 404, { 'Content-Type': 'application/json' }, JSON.stringify({ error: true, reason: 'No such endpoint' }));
        return;
      }
      // HttpResponse.error(): a dropped connection, as the client would see it from a real server.
      // The status line and headers go out first: a socket closed before any byte on a reused
      // keep-alive connection makes browsers resend the request on their own, unseen by the page,
      // which no client could guard against. A real failure mid-answer is seen once.
      if (response.type === 'error') {
        res.writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'application/json', 'Content-Length': '64' });
        res.flushHeaders();
        setTimeout(() => req.socket.destroy(), 5);
        return;
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      let body = Buffer.from(await response.arrayBuffer());
      if (draftOnly && request.method === 'GET' && response.ok && /^\/v2\/post\/[^/]+$/.test(new URL(request.url).pathname)) {
        const json = JSON.parse(body.toString()) as { post?: Record<string, unknown> };
        delete json.post?.parent_id;
        body = Buffer.from(JSON.stringify(json));
        delete headers['content-length'];
      }
      send(res, response.status, headers, body);
    })().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : 'Mock server failure';
      if (!res.headersSent) send(res, 500, { 'Content-Type': 'application/json' }, JSON.stringify({ error: true, reason }));
      else res.destroy();
    });
  };
}
