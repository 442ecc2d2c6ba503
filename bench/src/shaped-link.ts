/**
 * A slow link in user space, for loads that should feel a real network rather than a model of one:
 * every byte between the browser and the servers crosses one shared link with a fixed delay each
 * way and a fixed rate each way, first in first out (a phone's radio link, roughly). Lighthouse's
 * simulation (Lantern) gives each request in flight an equal share of the bandwidth whatever its
 * size, and DevTools' throttling adds its latency to every request rather than every round trip;
 * here a 500-byte answer takes 500 bytes of the link, and a kept-alive connection pays the delay
 * per round trip, not per request. Its limits: no TCP slow start or loss (the proxy's own sockets
 * are loopback), and the delay is added per chunk read, not per packet.
 *
 * `expose(url)` starts a proxy in front of an http://127.0.0.1 server and returns the URL to use
 * instead; every proxy of one link shares its rate. Used by scripts/shaped-lighthouse.ts.
 * (The machine's kernel has no qdiscs to do this with `tc netem`.)
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface LinkOptions {
  /** One-way delay (ms): a round trip costs twice this. Default: SLOW_4G_LINK's. */
  oneWayMs?: number;
  /** Rates in kbit/s. Defaults: SLOW_4G_LINK's. */
  downKbps?: number;
  upKbps?: number;
}

/** Lighthouse's slow 4G: 150 ms round trips, 1,638.4 kbit/s down, 750 up. */
export const SLOW_4G_LINK = { oneWayMs: 75, downKbps: 1638.4, upKbps: 750 } as const;

export interface ShapedLink {
  /** A proxy in front of `url` (http://127.0.0.1:port…): the same URL with the proxy's port. */
  expose(url: string): Promise<string>;
  close(): Promise<void>;
}

/** One direction of the link: when a chunk handed over now has crossed it. */
class Direction {
  private freeAtMs = 0;
  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** Milliseconds from now until `bytes` handed over now arrive: queued, sent at the rate, delayed. */
  arrivalIn(bytes: number): number {
    const now = performance.now();
    const start = Math.max(now, this.freeAtMs);
    this.freeAtMs = start + bytes / this.bytesPerMs;
    return this.freeAtMs + this.delayMs - now;
  }
}

/** Copies `from` to `to` through `direction`, in order, each chunk when it has crossed. */
function carry(from: net.Socket, to: net.Socket, direction: Direction): void {
  let last = Promise.resolve();
  const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  from.on('data', (chunk: Buffer) => {
    const due = performance.now() + direction.arrivalIn(chunk.length);
    last = last.then(() => later(due - performance.now())).then(() => {
      if (!to.destroyed) to.write(chunk);
    });
  });
  from.on('end', () => {
    last = last.then(() => {
      to.end();
    });
  });
}

export function startShapedLink({ oneWayMs = SLOW_4G_LINK.oneWayMs, downKbps = SLOW_4G_LINK.downKbps, upKbps = SLOW_4G_LINK.upKbps }: LinkOptions = {}): ShapedLink {
  const down = new Direction((downKbps * 1000) / 8 / 1000, oneWayMs);
  const up = new Direction((upKbps * 1000) / 8 / 1000, oneWayMs);
  const servers: net.Server[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };

  return {
    async expose(url) {
      const target = new URL(url);
      if (target.protocol !== 'http:' || target.hostname !== '127.0.0.1') throw new Error(`shaped link: not an http://127.0.0.1 URL: ${url}`);
      const server = net.createServer((client) => {
        track(client);
        client.setNoDelay(true);
        client.pause();
        // Opening a connection costs a round trip (SYN, SYN-ACK) before the first byte can go.
        setTimeout(() => {
          const upstream = net.connect(Number(target.port), '127.0.0.1');
          track(upstream);
          upstream.setNoDelay(true);
          carry(client, upstream, up);
          carry(upstream, client, down);
          upstream.on('error', () => client.destroy());
          client.on('error', () => upstream.destroy());
          client.on('close', () => upstream.destroy());
          client.resume();
        }, 2 * oneWayMs);
      });
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      // The same URL with the proxy's origin: only the port differs.
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}${url.slice(target.origin.length)}`;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
