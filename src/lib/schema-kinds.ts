/**
 * Schema parts the app builds from zod's custom check rather than from zod's own kinds (its boolean,
 * unknown, nullable, loose object, union, and string and array lengths). Every zod module lives in the first
 * load's core chunk (vite.config.ts), so each kind that any page uses is in every first load; these
 * add nothing there, since the API's schemas need `z.custom` anyway (lib/api/schemas.ts). A failure
 * is a "custom" issue at the same path; `expected` (in its params) names what was wanted.
 */
import * as z from 'zod/mini';

type JsonScalar = 'string' | 'number' | 'boolean' | 'null';
type ScalarOf<K extends JsonScalar> = K extends 'string' ? string : K extends 'number' ? number : K extends 'boolean' ? boolean : null;

/**
 * A JSON string, number, boolean or null, as `kinds` allow: what a union of zod's string, number
 * and boolean accepts, nullable with 'null'. A JSON number is always finite, as zod's number requires.
 */
export function scalar<K extends JsonScalar>(...kinds: K[]) {
  return z.custom<ScalarOf<K>>((v) => (kinds as string[]).includes(v === null ? 'null' : typeof v), { params: { expected: kinds.join(' or ') } });
}

/** true or false (zod's boolean). */
export const boolean = () => scalar('boolean');

/** Any array (zod's array of unknown): its items are read after, one by one. */
export const anyArray = () => z.custom<unknown[]>((v) => Array.isArray(v), { params: { expected: 'array' } });

/** An object that is not an array, of any keys (zod's loose object with no keys named). */
export const anyObject = () =>
  z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { params: { expected: 'object' } });

/**
 * A check of a string's characters or an array's items: at least `min`, at most `max` (zod's
 * minLength and maxLength). `error`: the message when it fails.
 */
export const length = (min: number, max = Infinity, error?: () => string) =>
  z.refine<{ length: number }>((v) => v.length >= min && v.length <= max, error && { error });
