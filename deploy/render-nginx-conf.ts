// Fills deploy/nginx.conf's placeholders (see the comment at its top) and prints the result.
//
//   npx tsx deploy/render-nginx-conf.ts --root /srv/social/dist --listen 8080 --api https://api.example.com \
//     [--base /apps/social/] [--trusted-ca PATH] [--brotli auto|on|off] > /srv/social/run/nginx.conf
//
// --trusted-ca is the PEM file of CA certificates an https API's certificate is verified against:
// the system bundle (Debian's ca-certificates) by default, a private CA's certificate otherwise.
// An absolute path (a relative one is resolved against the current directory) with no spaces,
// quotes, ";", braces, "$" or "#", which would break the config. nginx reads it only for an https
// API. The command warns on stderr when that file is not on this machine (nginx would refuse to
// start), and when an http API is on another machine (the tokens would cross the network
// unencrypted). An https API must be given by host name: nginx 1.22 matches the certificate
// against a name only, so an IP address is refused.
// --brotli auto (the default) switches brotli on when Debian's module file is installed.
// Used by test/e2e/nginx.spec.ts, so what the test runs is what the README tells hosts to run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const TEMPLATE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
/** Installed by Debian's libnginx-mod-http-brotli-filter. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** Debian's bundle of the system's trusted CAs (package ca-certificates): the default --trusted-ca. */
export const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export function hasBrotliModule(): boolean {
  return existsSync(BROTLI_MODULE);
}

export interface NginxConfOptions {
  /** Absolute path of dist/. */
  root: string;
  /** What `listen` takes: 8080, 127.0.0.1:8080, [::]:80. */
  listen: string | number;
  /** The v2 API's origin, no path. */
  api: string;
  /** The app's path, starting and ending with '/' (default '/'). */
  base?: string;
  /** CA certificates (PEM) an https API's certificate is verified against (default SYSTEM_CA_BUNDLE). */
  trustedCa?: string;
  /** Uncomment the `#brotli#` lines (default: when Debian's module is installed). */
  brotli?: boolean;
}

/** The nginx.conf text. */
export function renderNginxConf({
  root,
  listen,
  api,
  base = '/',
  trustedCa = SYSTEM_CA_BUNDLE,
  brotli = hasBrotliModule(),
}: NginxConfOptions): string {
  if (!root || !path.isAbsolute(root)) throw new Error('--root must be an absolute path (dist/)');
  if (/[\s;{}'"]/.test(root)) throw new Error('--root must not contain spaces, quotes, ";" or braces');
  if (!/^(\[[0-9a-f:]+\]:|[\w.-]+:)?\d{1,5}$/i.test(String(listen))) throw new Error('--listen takes a port or address:port');
  if (!/^https?:\/\/[^/\s;{}'"]+$/.test(api)) throw new Error('--api must be an http(s) origin with no path, e.g. https://api.example.com');
  if (isHttpsByAddress(api)) {
    throw new Error('--api: an https API must be given by host name (nginx 1.22 checks its certificate against a name, never an IP address)');
  }
  if (!/^\/([\w.~-]+\/)*$/.test(base)) throw new Error('--base must start and end with "/", e.g. / or /apps/social/');
  if (!trustedCa || !path.isAbsolute(trustedCa)) throw new Error('--trusted-ca must be an absolute path (a PEM file of CA certificates)');
  if (!/^[\w./+@%,:=-]+$/.test(trustedCa)) throw new Error('--trusted-ca must not contain spaces, quotes, ";", braces, "$" or "#"');

  const values: Record<string, string> = {
    ROOT: root.replace(/\/+$/, ''),
    LISTEN: String(listen),
    API: api,
    BASE: base,
    BASE_BARE: base.replace(/\/$/, ''),
    TRUSTED_CA: trustedCa,
  };
  return readFileSync(TEMPLATE_PATH, 'utf8')
    .split('\n')
    .map((line) => {
      if (brotli) line = line.replace(/^(\s*)#brotli# /, '$1');
      if (base !== '/') line = line.replace(/^(\s*)#subpath# /, '$1');
      return line;
    })
    .join('\n')
    .replace(/@(ROOT|LISTEN|API|BASE_BARE|BASE|TRUSTED_CA)@/g, (_, name: string) => values[name] ?? '');
}

/** An https origin whose host is an IP address (v4, or v6 in brackets). */
function isHttpsByAddress(api: string): boolean {
  const match = /^https:\/\/([^/:]+|\[[^\]]*\])(:\d+)?$/.exec(api);
  return Boolean(match && /^(\d{1,3}(\.\d{1,3}){3}|\[.*\])$/.test(match[1] ?? ''));
}

/** Why the rendered config may not work or not be safe on this machine ([] when nothing is amiss). */
export function deploymentWarnings({ api, trustedCa = SYSTEM_CA_BUNDLE }: Pick<NginxConfOptions, 'api' | 'trustedCa'>): string[] {
  const warnings: string[] = [];
  const host = /^https?:\/\/([^/:]+|\[[^\]]*\])/.exec(api)?.[1] ?? '';
  if (api.startsWith('https:') && !existsSync(trustedCa)) {
    const hint = trustedCa === SYSTEM_CA_BUNDLE ? ' (Debian: apt-get install -y ca-certificates)' : '';
    warnings.push(`${trustedCa} is not on this machine: nginx will not start with an https API until it is${hint}`);
  }
  if (api.startsWith('http:') && !['localhost', '[::1]'].includes(host) && !/^127\./.test(host)) {
    warnings.push(`${api} is plain http on another machine: the tokens the requests carry cross the network unencrypted`);
  }
  return warnings;
}

function parseArgs(argv: string[]) {
  const options: Partial<NginxConfOptions> & { help?: boolean } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined];
    const value = () => {
      const v = inline !== undefined ? inline : argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--root': options.root = path.resolve(value()); break;
      case '--listen': options.listen = value(); break;
      case '--api': options.api = value().replace(/\/+$/, ''); break;
      case '--base': options.base = value(); break;
      case '--trusted-ca': options.trustedCa = path.resolve(value()); break;
      case '--brotli': {
        const v = value();
        if (!['auto', 'on', 'off'].includes(v)) throw new Error('--brotli takes auto, on or off');
        if (v !== 'auto') options.brotli = v === 'on';
        break;
      }
      case '-h':
      case '--help': options.help = true; break;
      default: throw new Error(`unknown argument: ${arg}`);
    }
  }
  return options;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const usage = 'Usage: npx tsx deploy/render-nginx-conf.ts --root DIST --listen PORT --api ORIGIN [--base /path/] [--trusted-ca PATH] [--brotli auto|on|off]';
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.help) {
      console.log(usage);
    } else {
      const { root = '', listen = '', api = '', ...rest } = options;
      process.stdout.write(renderNginxConf({ root, listen, api, ...rest }));
      for (const warning of deploymentWarnings({ api, trustedCa: rest.trustedCa })) console.error(`warning: ${warning}`);
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
