import { laterText, t } from '../../i18n/i18n';
import type { MessageKey, MessageValues } from '../../i18n/message-key';

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

/** Each kind's message (a whole key, as the build's numbering of keys needs: build/i18n-plugin.ts). */
const KIND_MESSAGES: Readonly<Record<ApiErrorKind, MessageKey>> = {
  offline: 'onDemand.offline',
  network: 'errors.network',
  timeout: 'errors.timeout',
  unauthorized: 'errors.unauthorized',
  forbidden: 'onDemand.forbidden',
  not_found: 'errors.notFound',
  conflict: 'onDemand.conflict',
  rate_limited: 'errors.rateLimited',
  server: 'errors.server',
  api: 'errors.api',
  bad_response: 'errors.badResponse',
};

export interface ApiErrorInit {
  status?: number;
  reason?: string;
  retryAfterMs?: number;
  /** For bad_response: the field path that did not match, e.g. "post.id". */
  path?: string;
  /** The client's own explanation (not the server's), shown instead of the kind's message. */
  messageKey?: MessageKey;
  messageValues?: MessageValues;
  cause?: unknown;
  /** The token the request carried: a 401 signs out that account only (kept off the error's enumerable fields). */
  token?: string;
}

/** Every failure of the v2 client is one of these; `reason` is the server's own words when it gave any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly path: string | undefined;
  readonly messageKey: MessageKey | undefined;
  readonly messageValues: MessageValues | undefined;
  declare readonly token: string | undefined;

  constructor(kind: ApiErrorKind, init: ApiErrorInit = {}) {
    super(undefined, { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.reason = init.reason;
    this.retryAfterMs = init.retryAfterMs;
    this.path = init.path;
    this.messageKey = init.messageKey;
    this.messageValues = init.messageValues;
    Object.defineProperty(this, 'token', { value: init.token });
    // An error made before a change of language is often shown after it (a failed query stays on
    // screen), so `message` is worked out each time it is read rather than fixed here.
    Object.defineProperty(this, 'message', { get: () => apiErrorMessage(this), configurable: true });
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

/**
 * What a person is shown: the server's own words when it refused something (a 4xx with a reason),
 * else the kind's message in the active language. A 5xx's or a 429's words are the server's own
 * fault text ("Injected fault: internal error"), not the person's business: the kind's message says it.
 */
export function apiErrorMessage(error: ApiError): string {
  if (error.reason && error.kind != 'server' && error.kind != 'rate_limited') return error.reason;
  if (error.messageKey) return say(error.messageKey, error.messageValues);
  if (error.kind === 'bad_response' && error.path !== undefined) {
    return error.path ? say('onDemand.badResponseAt', { path: error.path }) : say('onDemand.badResponseAtTop');
  }
  return say(KIND_MESSAGES[error.kind]);
}

/**
 * The message `key`. The rarer ones (onDemand: refusals of writes, a malformed address, a server's
 * malformed answer) are in the later catalog, which no first load carries: until it is here, the
 * general "Something went wrong." stands in.
 */
function say(key: MessageKey, values?: MessageValues): string {
  return laterText(key, values) ?? t('common.somethingWentWrong');
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
