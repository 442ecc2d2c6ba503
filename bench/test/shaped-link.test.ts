// @vitest-environment node
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startShapedLink, type ShapedLink } from '../src/shaped-link';

/** A server answering every request with `size` bytes of a known pattern. */
async function startServer(size: number): Promise<{ url: string; server: Server }> {
  const body = Buffer.alloc(size, 'abcdefghij');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** GETs `url` on a new connection: the body and how long it took (ms). */
function get(url: string): Promise<{ body: Buffer; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ body: Buffer.concat(parts), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// Lower bounds only: a slow machine makes a load longer, never shorter, so none of these can fail for that.
describe('the bench’s shaped link', () => {
  let link: ShapedLink | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    await link?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    link = null;
    server = null;
  });

  it('carries every byte, in order, at the proxy’s port', async () => {
    const started = await startServer(200_000);
    server = started.server;
    link = startShapedLink({ oneWayMs: 1, downKbps: 1_000_000, upKbps: 1_000_000 });
    const shaped = await link.expose(started.url);
    expect(new URL(shaped).port).not.toBe(new URL(started.url).port);
    expect(await link.expose(`${started.url}v2/post/7?x=1`)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2\/post\/7\?x=1$/);
    const { body } = await get(shaped);
    expect(body.equals(Buffer.alloc(200_000, 'abcdefghij'))).toBe(true);
  });

  it('costs a round trip to connect and one per request and answer', async () => {
    const started = await startServer(10);
    server = started.server;
    link = startShapedLink({ oneWayMs: 60, downKbps: 1_000_000, upKbps: 1_000_000 });
    const { ms } = await get(await link.expose(started.url));
    expect(ms).toBeGreaterThanOrEqual(4 * 60 - 5);
  });

  it('sends no faster than its rate, and two answers share it', async () => {
    const started = await startServer(50_000);
    server = started.server;
    link = startShapedLink({ oneWayMs: 1, downKbps: 2_000, upKbps: 1_000_000 });
    const url = await link.expose(started.url);
    const [a, b] = await Promise.all([get(url), get(url)]);
    // 100,000 bytes down at 2,000 kbit/s: 400 ms at least for the later of the two.
    expect(Math.max(a.ms, b.ms)).toBeGreaterThanOrEqual(400 - 5);
    expect(a.body.length + b.body.length).toBe(100_000);
  });

  it('refuses what it cannot stand in front of', async () => {
    link = startShapedLink();
    await expect(link.expose('https://example.com/')).rejects.toThrow(/not an http:\/\/127\.0\.0\.1 URL/);
  });
});
