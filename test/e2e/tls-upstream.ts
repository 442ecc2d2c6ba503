/**
 * An https API for test/e2e/nginx.spec.ts: throwaway certificate authorities made with openssl, and
 * an https server that records every request it is sent (and every TLS handshake that failed) and
 * forwards it to the worker's plain-http mock API.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

export const OPENSSL = process.env.OPENSSL_PATH || 'openssl';

/** openssl's own config for these certificates: no dependency on the system's openssl.cnf. */
const OPENSSL_CONF = `[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca_ext]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
subjectAltName = $ENV::SAN
`;

function openssl(dir: string, args: string[], san = 'DNS:unused'): void {
  try {
    execFileSync(OPENSSL, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SAN: san } });
  } catch (error) {
    const { stderr } = error as { stderr?: Buffer };
    throw new Error(`${OPENSSL} ${args.join(' ')} failed: ${stderr?.toString() || (error as Error).message}`);
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export interface Ca {
  /** The CA's certificate (PEM): what nginx is told to trust. */
  certPath: string;
  keyPath: string;
  name: string;
}

export interface ServerCert {
  cert: Buffer;
  key: Buffer;
}

/** A self-signed CA valid for two days, its files `<id>.crt` and `<id>.key` in `dir`. */
export function makeCa(dir: string, id: string, name: string): Ca {
  const conf = path.join(dir, 'openssl.cnf');
  writeFileSync(conf, OPENSSL_CONF);
  const certPath = path.join(dir, `${id}.crt`);
  const keyPath = path.join(dir, `${id}.key`);
  openssl(dir, ['req', '-x509', ...EC_KEY, '-keyout', keyPath, '-out', certPath, '-days', '2', '-config', conf, '-extensions', 'ca_ext', '-subj', `/CN=${name}`]);
  return { certPath, keyPath, name };
}

/** A server certificate signed by `ca` for the subjectAltName `san` (e.g. 'DNS:localhost, IP:127.0.0.1'). */
export function issueServerCert(dir: string, ca: Ca, id: string, san: string): ServerCert {
  const conf = path.join(dir, 'openssl.cnf');
  const keyPath = path.join(dir, `${id}.key`);
  const csrPath = path.join(dir, `${id}.csr`);
  const certPath = path.join(dir, `${id}.crt`);
  openssl(dir, ['req', '-new', ...EC_KEY, '-keyout', keyPath, '-out', csrPath, '-config', conf, '-subj', `/CN=${id}`], san);
  openssl(
    dir,
    ['x509', '-req', '-in', csrPath, '-CA', ca.certPath, '-CAkey', ca.keyPath, '-set_serial', `0x${randomBytes(8).toString('hex')}`, '-days', '2', '-extfile', conf, '-extensions', 'server_ext', '-out', certPath],
    san,
  );
  return { cert: readFileSync(certPath), key: readFileSync(keyPath) };
}

export interface UpstreamRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Header names as sent, each once per line (a header sent twice appears twice). */
  headerNames: string[];
  remoteAddress: string;
  /** The name nginx sent in the TLS handshake (SNI), or null. */
  servername: string | null;
  tlsProtocol: string | null;
}

export interface TlsUpstream {
  /** https://localhost:<port>: what nginx is given as the API. */
  readonly url: string;
  readonly port: number;
  /** TCP connections accepted: nginx came, whether or not it then sent a request. */
  readonly connections: () => number;
  /** Requests that arrived over a completed handshake, in order. */
  readonly requests: UpstreamRequest[];
  /**
   * Handshakes that failed on this side (node's errors). nginx checks the certificate once the
   * handshake is over and then hangs up, so a certificate it refuses is usually not one of these:
   * a connection with no request is.
   */
  readonly tlsFailures: string[];
  /** Forget what was recorded so far. */
  clear(): void;
  close(): Promise<void>;
}

/**
 * An https server on 127.0.0.1 with `cert`, forwarding every request to `target` (the mock API's
 * http origin) after recording it. Nothing is answered without a completed handshake.
 */
export function startTlsUpstream({ cert, key }: ServerCert, target: string): Promise<TlsUpstream> {
  const requests: UpstreamRequest[] = [];
  const tlsFailures: string[] = [];
  let connections = 0;
  const targetUrl = new URL(target);
  const server = createHttpsServer({ cert, key, minVersion: 'TLSv1.2' }, (req, res) => {
    const socket = req.socket as TLSSocket;
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      headerNames: req.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
      remoteAddress: socket.remoteAddress ?? '',
      servername: typeof socket.servername === 'string' ? socket.servername : null,
      tlsProtocol: socket.getProtocol(),
    });
    const forwarded = httpRequest(
      new URL(req.url ?? '/', targetUrl),
      { method: req.method, headers: { ...req.headers, host: targetUrl.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`the test's https upstream could not reach ${target}: ${error.message}`);
    });
    req.pipe(forwarded);
  });
  server.on('connection', () => (connections += 1));
  server.on('tlsClientError', (error) => tlsFailures.push(error.message));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `https://localhost:${port}`,
        port,
        connections: () => connections,
        requests,
        tlsFailures,
        clear() {
          requests.length = 0;
          tlsFailures.length = 0;
          connections = 0;
        },
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
