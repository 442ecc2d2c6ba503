/** Types of the JS helpers re-exported by shared.mjs. */

/** The feed's initial JS budget, bytes of gzip -9 (scripts/check-size.mjs). */
export const FEED_INITIAL_JS_BUDGET_GZIP: number;

export interface InitialJsChunk {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface InitialJsReport {
  budget: { feedInitialJsGzip: number };
  feedInitialJs: { gzip: number; brotli: number; raw: number; chunks: InitialJsChunk[] };
  perRoute: Record<string, { gzip: number; brotli: number }>;
  mockCodeInInitialChunks: string[];
}

/** scripts/check-size.mjs: initial JS per route of a built dist/ (bytes). */
export function measureInitialJs(dist?: string): InitialJsReport;

/** scripts/static-server.mjs */
export function startStaticServer(options: {
  root: string;
  port?: number;
  host?: string;
  basePath?: string;
  overrides?: Record<string, string | null>;
  log?: boolean;
  /** brotli/gzip by Accept-Encoding (default true). */
  compress?: boolean;
  /** Compress every file at start, so no measured request pays for it. */
  precompress?: boolean;
  /** Forward `${basePath}${prefix}…` (any method) to `${target}/${prefix}…`. */
  proxy?: { prefix: string; target: string };
}): Promise<{ url: string; port: number; close(): Promise<void> }>;

/** test/browser/browser.mjs: the Chromium binary and the flags the browser tests launch it with. */
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
