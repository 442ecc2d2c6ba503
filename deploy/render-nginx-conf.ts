// Fills deploy/nginx.conf's placeholders (see the comment at its top) and prints the result.
//
//   npx tsx deploy/render-nginx-conf.ts --root /srv/social/dist --listen 8080 --api https://api.example.com \
//     [--base /apps/social/] [--brotli auto|on|off] > /srv/social/run/nginx.conf
//
// --brotli auto (the default) switches brotli on when Debian's module file is installed.
// Used by test/e2e/nginx.spec.ts, so what the test runs is what the README tells hosts to run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const TEMPLATE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
/** Installed by Debian's libnginx-mod-http-brotli-filter. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

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
  /** Uncomment the `#brotli#` lines (default: when Debian's module is installed). */
  brotli?: boolean;
}

/** The nginx.conf text. */
export function renderNginxConf({ root, listen, api, base = '/', brotli = hasBrotliModule() }: NginxConfOptions): string {
  if (!root || !path.isAbsolute(root)) throw new Error('--root must be an absolute path (dist/)');
  if (/[\s;{}'"]/.test(root)) throw new Error('--root must not contain spaces, quotes, ";" or braces');
  if (!/^(\[[0-9a-f:]+\]:|[\w.-]+:)?\d{1,5}$/i.test(String(listen))) throw new Error('--listen takes a port or address:port');
  if (!/^https?:\/\/[^/\s;{}'"]+$/.test(api)) throw new Error('--api must be an http(s) origin with no path, e.g. https://api.example.com');
  if (!/^\/([\w.~-]+\/)*$/.test(base)) throw new Error('--base must start and end with "/", e.g. / or /apps/social/');

  const values: Record<string, string> = {
    ROOT: root.replace(/\/+$/, ''),
    LISTEN: String(listen),
    API: api,
    BASE: base,
    BASE_BARE: base.replace(/\/$/, ''),
  };
  return readFileSync(TEMPLATE_PATH, 'utf8')
    .split('\n')
    .map((line) => {
      if (brotli) line = line.replace(/^(\s*)#brotli# /, '$1');
      if (base !== '/') line = line.replace(/^(\s*)#subpath# /, '$1');
      return line;
    })
    .join('\n')
    .replace(/@(ROOT|LISTEN|API|BASE_BARE|BASE)@/g, (_, name: string) => values[name] ?? '');
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
  const usage = 'Usage: npx tsx deploy/render-nginx-conf.ts --root DIST --listen PORT --api ORIGIN [--base /path/] [--brotli auto|on|off]';
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.help) {
      console.log(usage);
    } else {
      const { root = '', listen = '', api = '', ...rest } = options;
      process.stdout.write(renderNginxConf({ root, listen, api, ...rest }));
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
