/**
 * The one HTTP transport of the v2 client. It knows nothing of React, storage or navigation:
 * it is handed a base URL and a way to read the token, and turns every failure into an ApiError.
 */
import type * as z from 'zod/mini';
import { ApiError, kindForStatus, parseRetryAfter } from './api-error';
import { normalizePostId } from './post-id';
import { nextTask } from '../idle';
import { takeBootFetch } from '../boot-fetches';

export interface TransportOptions {
  /** Absolute (or document-relative) base of the v2 API; paths are appended as `${baseUrl}/v2/...`. */
  baseUrl: string;
  getToken: () => string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** False while the app counts itself offline: requests are refused unsent ('offline'), not attempted (a probe is sent; a write first awaits `recheck`). */
  isOnline?: () => boolean;
  /**
   * Told after each request whether the network answered: true for any HTTP response (a 4xx or 5xx
   * too), false when none came (fetch rejected with a TypeError). A request cancelled by its caller,
   * or timed out (a slow server is not a missing network), tells nothing.
   */
  reached?: (answered: boolean) => void;
  /** Told when a request failed the way a flaky network fails: a 5xx or 429, no answer, too late. */
  troubled?: () => void;
  /**
   * Awaited before a write (or a sign-in's token check) while counted offline: finds out whether the
   * network is back (sends the probe); the write is sent if `isOnline` then says so, else refused.
   */
  recheck?: () => unknown;
}

export interface RequestOptions<S extends z.ZodMiniType> {
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
  path: string;
  /** The answer's schema, built on its first call (schemas.ts: not while the app starts). */
  schema: () => S;
  /**
   * The JSON body; or a function of the token the request is sent with, called at sending: for a
   * body that carries the token too (Draft 4's PATCH), the same one as the Authorization header.
   */
  body?: unknown;
  /** Send the bearer token (everything but blog latest). */
  auth?: boolean;
  /** Use this token instead of the stored one (checking a token before keeping it). */
  token?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent even while counted offline: the request that finds out whether the network is back (lib/online-status.ts). */
  probe?: boolean;
}

export interface Transport {
  request<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.output<S>>;
  readonly baseUrl: string;
  getToken(): string | null;
  /**
   * When (performance.now()) the v2 API last answered a request sent with the token in use: a valid
   * answer, or its own refusal (JSON with a reason) other than of the token. What the status ping would prove.
   */
  lastAnswered(): number;
  /**
   * The API answered another tab of this account just now, with the same token's account (app/tab-sync.ts:
   * the tab that reads for them): as good as an answer here for what the ping would prove.
   */
  noteAnsweredElsewhere(): void;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

function resolveBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const here = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
  return new URL(trimmed || '.', here).href.replace(/\/+$/, '');
}

/** The server's words, when the JSON answer (any JSON value) carries a non-blank `reason` string. */
function reasonOf(body: unknown): string | undefined {
  const reason = (body as { reason?: unknown } | null)?.reason;
  return typeof reason == 'string' && reason.trim() ? reason : undefined;
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
}

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = resolveBase(options.baseUrl);
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  const offline = () => options.isOnline?.() === false;
  let lastAnswered = { at: Number.NEGATIVE_INFINITY, token: '' };

  async function request<S extends z.ZodMiniType>(req: RequestOptions<S>): Promise<z.output<S>> {
    // Known before sending, so a write refused here certainly did not land (unlike a dropped request).
    // A read waits for the network (its query is paused); a write first asks whether it is back.
    if (!req.probe && offline() && ((req.method == 'GET' && !req.token) || (await options.recheck?.(), offline())))
      throw new ApiError('offline');
    // Each request is sent from a task of its own (lib/idle.ts): a round of six probes, or the
    // answers that start the next round, would otherwise put six fetch() calls in one long task.
    // At user-blocking priority: ahead of queued rendering, so a freed slot is refilled at once
    // rather than after the renders its answer started.
    await nextTask('user-blocking');
    const headers: Record<string, string> = { Accept: 'application/json' };
    // Read now, at sending: the account in use may change while a request is on its way, and a 401
    // must sign out the account whose token was sent.
    const token = (req.auth ?? true) ? (req.token ?? options.getToken()) : undefined;
    if (token !== undefined && !token) throw new ApiError('unauthorized', { messageKey: 'onDemand.notSignedIn' });
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(typeof req.body == 'function' ? (req.body as (token: string | undefined) => unknown)(token) : req.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, req.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onCallerAbort = () => controller.abort(req.signal?.reason);
    if (req.signal?.aborted) onCallerAbort();
    else req.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response | undefined;
    let raw: string;
    const url = `${baseUrl}${req.path}`;
    // A first visit's first probes, sent by index.html's loader while the code downloaded (src/app/boot-loader.ts).
    const early = req.method == 'GET' && !controller.signal.aborted ? takeBootFetch(url, token) : undefined;
    if (early) controller.signal.addEventListener('abort', () => early.controller.abort(controller.signal.reason));
    try {
      response = await (early?.response ?? doFetch(url, {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
        // The token is only ever sent in the header; no cookies, no referrer leaks.
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        // The default cache mode on purpose: 'no-store' also bypasses the CORS preflight cache,
        // which made every cross-origin request cost two round trips (see docs/performance.md).
      }));
      options.reached?.(true);
      raw = await response.text();
    } catch (cause) {
      if (req.signal?.aborted && !timedOut) throw req.signal.reason ?? cause;
      options.troubled?.();
      if (timedOut) throw new ApiError('timeout', { cause });
      // No answer at all, neither cancelled nor timed out: the network failed, not the server.
      if (!response && cause instanceof TypeError) options.reached?.(false);
      throw new ApiError('network', { cause });
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }

    let json: unknown;
    let isJson = raw !== '';
    try {
      if (isJson) json = JSON.parse(raw);
    } catch {
      isJson = false;
    }

    const answered = () => {
      if (token) lastAnswered = { at: performance.now(), token };
    };
    if (!response.ok) {
      if (isJson && reasonOf(json) && response.status < 500 && response.status !== 401 && response.status !== 403) answered();
      const kind = kindForStatus(response.status);
      if (response.status > 499 || kind == 'rate_limited') options.troubled?.();
      throw new ApiError(kind, {
        status: response.status,
        reason: isJson ? reasonOf(json) : undefined,
        retryAfterMs: kind === 'rate_limited' ? parseRetryAfter(response.headers.get('Retry-After')) : undefined,
        token,
      });
    }
    if (!isJson) {
      throw new ApiError('bad_response', { status: response.status, path: '' });
    }
    if ((json as { error?: unknown } | null)?.error === true) {
      if (reasonOf(json)) answered();
      throw new ApiError('api', { status: response.status, reason: reasonOf(json) });
    }
    const parsed = req.schema().safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError('bad_response', {
        status: response.status,
        path: issue ? formatPath(issue.path) : '',
        cause: parsed.error,
      });
    }
    answered();
    return parsed.data;
  }

  return {
    request,
    baseUrl,
    getToken: options.getToken,
    // For the token in use only: another account's answer proves nothing of this one's token.
    lastAnswered: () => (lastAnswered.token === options.getToken() ? lastAnswered.at : Number.NEGATIVE_INFINITY),
    noteAnsweredElsewhere() {
      const token = options.getToken();
      if (token) lastAnswered = { at: performance.now(), token };
    },
  };
}

/** Post ids go into paths as integers only; anything else never reaches the network. */
export function postIdPath(id: string | number): string {
  const path = normalizePostId(id);
  if (path === null) throw new ApiError('not_found', { messageKey: 'onDemand.notAPostId', messageValues: { id: String(id) } });
  return path;
}
