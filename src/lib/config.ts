/**
 * Runtime configuration: config.json next to index.html, so one build serves any backend.
 * Missing file: built-in defaults. Present but invalid: a ConfigError the app shows as such.
 */
import * as z from 'zod/mini';
import { t } from '../i18n/i18n';
import { takeBootFetch } from './boot-fetches';
import { boolean, scalar } from './schema-kinds';
import type { MessageKey, MessageValues } from '../i18n/message-key';

export interface AppConfig {
  apiBaseUrl: string;
  mocks: boolean;
  tokenApplicationUrl: string | null;
  /** Where the config came from, for the status line and for tests. */
  source: 'file' | 'defaults';
}

/** Built when config.json is read, not while the app's code loads (see lib/api/schemas.ts). */
const configFileSchema = () =>
  z.object({
    apiBaseUrl: z.string(),
    mocks: boolean(),
    tokenApplicationUrl: z.optional(scalar('string', 'null')),
  });

/** What is wrong with config.json, as a message key: the screen shows it in the language loaded by then. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    readonly key: MessageKey,
    readonly values?: MessageValues,
  ) {
    super(undefined);
    Object.defineProperty(this, 'message', { get: () => t(key, values), configurable: true });
  }
}

function issueError(issue: z.core.$ZodIssue | undefined): ConfigError {
  const where = issue && issue.path.length ? issue.path.join('.') : 'config.json';
  if (issue?.code === 'invalid_type') return new ConfigError('config.wrongType', { where, type: issue.expected });
  // lib/schema-kinds.ts's parts name what they expected in their params.
  if (issue?.code === 'custom' && issue.params?.expected) return new ConfigError('config.wrongType', { where, type: issue.params.expected });
  return new ConfigError('config.invalid', { where });
}

/** The mock backend answers on this same-origin path, so no CSP or CORS exception is needed for it. */
export const MOCK_API_BASE = './mock-api';

export function defaultConfig(isDev: boolean): AppConfig {
  return isDev
    ? { apiBaseUrl: MOCK_API_BASE, mocks: true, tokenApplicationUrl: null, source: 'defaults' }
    : { apiBaseUrl: '.', mocks: false, tokenApplicationUrl: null, source: 'defaults' };
}

/**
 * An http(s) URL, or a path relative to the page that stays on the page's origin. Resolved the way the
 * browser will resolve it, so `//host`, `/\host`, `\\host` and ` //host` (a backslash is a slash in an
 * http(s) URL, and leading spaces are dropped) count as the other host they lead to.
 */
function isHttpUrlOrSameOriginPath(value: string, base: string): boolean {
  let page: URL;
  let resolved: URL;
  try {
    page = new URL(base);
    resolved = new URL(value, page);
  } catch {
    return false;
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return false;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value.trim());
  return absolute ? /^https?:\/\/[^/\\]/i.test(value.trim()) : resolved.origin === page.origin;
}

/** `base`: what a relative apiBaseUrl is resolved against (the page's own address). */
export function parseConfig(json: unknown, base: string = document.baseURI): AppConfig {
  const result = configFileSchema().safeParse(json);
  if (!result.success) {
    throw issueError(result.error.issues[0]);
  }
  const { apiBaseUrl, mocks, tokenApplicationUrl } = result.data;
  if (!apiBaseUrl) throw new ConfigError('config.empty', { where: 'apiBaseUrl' });
  if (!isHttpUrlOrSameOriginPath(apiBaseUrl, base)) {
    throw new ConfigError('config.apiBaseUrl');
  }
  // A production build carries no mock backend (build/mock-media-plugin.ts): say how to get one.
  if (mocks && !import.meta.env.MOCK_BACKEND) {
    throw new ConfigError('config.mocksNotBuilt');
  }
  if (tokenApplicationUrl && !/^https?:\/\//i.test(tokenApplicationUrl)) {
    throw new ConfigError('config.tokenUrl');
  }
  return { apiBaseUrl, mocks, tokenApplicationUrl: tokenApplicationUrl ?? null, source: 'file' };
}

/** Where the last config.json that was read is kept, for starting without a network. */
export interface LastConfigStore {
  get(): string | null;
  set(raw: string): void;
}

/**
 * The remembered copy is tied to the build that read it: a new deployment (which may come with a new
 * config.json) never starts on an older one's copy, and a copy from before this rule (no build) is
 * ignored. It stands in only when config.json cannot be fetched at all.
 */
function remembered(store: LastConfigStore | undefined, build: string): AppConfig | null {
  const raw = store?.get();
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as { build?: unknown; config?: unknown };
    return record.build === build ? parseConfig(record.config) : null;
  } catch {
    return null;
  }
}

/**
 * Fetches config.json fresh (`no-store`; the service worker does not keep it either). In a build,
 * index.html's loader has already started this request (src/app/boot-loader.ts) and it is taken
 * from there (one request, test/e2e/first-load.spec.ts). A
 * 404, or an HTML page from a server that answers every path with index.html, counts as "no
 * file". When the request itself fails (offline, the app started by the service worker), the
 * last file this build read in this browser stands in, so the app talks to the same API once back online.
 */
export async function loadConfig(options: {
  isDev: boolean;
  url?: string;
  fetch?: typeof fetch;
  lastConfig?: LastConfigStore;
  /** Which build the remembered copy must come from (this one's, by default). */
  build?: string;
}): Promise<AppConfig> {
  const build = options.build ?? import.meta.env.BUILD_ID;
  const doFetch = options.fetch ?? fetch;
  const url = options.url ?? new URL('config.json', document.baseURI).href;
  let response: Response;
  try {
    response = await (takeBootFetch(url)?.response ?? doFetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }));
  } catch {
    return remembered(options.lastConfig, build) ?? defaultConfig(options.isDev);
  }
  if (response.status === 404) return defaultConfig(options.isDev);
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('text/html')) return defaultConfig(options.isDev);
  if (!response.ok) throw new ConfigError('config.http', { status: response.status });
  const raw = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('config.notJson');
  }
  const config = parseConfig(json);
  options.lastConfig?.set(JSON.stringify({ build, config: json }));
  return config;
}
