export type ApiErrorKind =
  | 'offline'
  | 'network'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'server'
  | 'api'
  | 'bad_response';

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  offline: "You're offline. Nothing was sent: try again when the connection is back.",
  network: 'Could not reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer.',
  unauthorized: 'Your token was not accepted. Please sign in again.',
  forbidden: 'You are not allowed to do that.',
  not_found: 'This was deleted or never existed.',
  conflict: 'That conflicts with something that already exists.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  server: 'The server had a problem answering.',
  api: 'The server refused the request.',
  bad_response: 'The server answered in a shape this client does not understand.',
};

export interface ApiErrorInit {
  status?: number;
  reason?: string;
  retryAfterMs?: number;
  /** For bad_response: the field path that did not match, e.g. "post.id". */
  path?: string;
  cause?: unknown;
}

/** Every failure of the v2 client is one of these; `reason` is the server's own words when it gave any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly path: string | undefined;

  constructor(kind: ApiErrorKind, init: ApiErrorInit = {}) {
    const base = DEFAULT_MESSAGES[kind];
    const detail = kind === 'bad_response' && init.path !== undefined ? ` (at ${init.path || 'the top level'})` : '';
    super(init.reason ? `${init.reason}` : base + detail, { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.reason = init.reason;
    this.retryAfterMs = init.retryAfterMs;
    this.path = init.path;
  }

  /**
   * True when a write may have reached the server even though no success came back
   * (timeout, dropped connection, 502/503/504). Such a write must not be resent automatically.
   * 'offline' is certain: the request was refused before it was made.
   */
  get mayHaveApplied(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network') return true;
    return this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'api';
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
