/**
 * What every domain handler file shares: the context it is built with, error bodies in the
 * v2 shape `{ error: true, reason }`, bearer authentication, body reading and id parsing.
 */
import { HttpResponse, delay } from 'msw';
import type { PathParams } from 'msw';
import { MockDbError } from '../db';
import type { MockDb } from '../db';
import type { MockUser } from '../model';

export type LatencyOption = number | ((request: Request) => number);

export interface HandlerContext {
  db: MockDb;
  /** `${base}${path}`: base is absolute and has no trailing slash. */
  url(path: string): string;
  latencyMs?: LatencyOption;
}

/** Thrown inside a resolver to answer with an error body; caught by `resolve`. */
class Refusal extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

export function errorResponse(status: number, reason: string): Response {
  return HttpResponse.json({ error: true, reason }, { status });
}

export function refuse(status: number, reason: string): never {
  throw new Refusal(errorResponse(status, reason));
}

export interface ResolverInfo {
  request: Request;
  params: PathParams;
}

/**
 * Wraps a resolver: applies the configured latency, then turns Refusal and MockDbError into
 * error responses, so resolvers read as the happy path.
 */
export function resolve(ctx: HandlerContext, run: (info: ResolverInfo) => Response | Promise<Response>) {
  return async (info: ResolverInfo): Promise<Response> => {
    const ms = typeof ctx.latencyMs === 'function' ? ctx.latencyMs(info.request) : (ctx.latencyMs ?? 0);
    if (ms > 0) await delay(ms);
    try {
      return await run(info);
    } catch (error) {
      if (error instanceof Refusal) return error.response;
      if (error instanceof MockDbError) return errorResponse(error.status, error.reason);
      throw error;
    }
  };
}

/** `Authorization: Bearer <token>` of a seed or restored user, or a 401. */
export function authenticate(request: Request, db: MockDb): MockUser {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) refuse(401, 'Missing bearer token');
  const user = db.userByToken(match[1]);
  if (!user) refuse(401, 'Invalid token');
  return user;
}

/** The JSON object body, or a 400. An empty body counts as `{}` when `allowEmpty`. */
export async function readBody(request: Request, allowEmpty = false): Promise<Record<string, unknown>> {
  const raw = await request.text();
  if (raw.trim() === '') {
    if (allowEmpty) return {};
    refuse(400, 'Request body must be a JSON object');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    refuse(400, 'Request body is not valid JSON');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) refuse(400, 'Request body must be a JSON object');
  return json as Record<string, unknown>;
}

/** A path or body post id: a non-negative integer (as a number or a digit string), or a 400. */
export function parsePostId(value: unknown, what = 'Post id'): number {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = Number(s);
  if (!/^\d+$/.test(s) || !Number.isSafeInteger(n)) refuse(400, `${what} must be a non-negative integer`);
  return n;
}

/** A body field that must be a string when present; null or absent gives undefined. */
export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') refuse(400, `${field} must be a string`);
  return value;
}

export function optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') refuse(400, `${field} must be a boolean`);
  return value;
}
