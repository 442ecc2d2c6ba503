/**
 * Schema parts the app builds from zod's custom check rather than from zod's own kinds (its boolean,
 * unknown, nullable, loose object, union, and string and array lengths). Every zod module lives in the first
 * load's core chunk (vite.config.ts), so each kind that any page uses is in every first load; these
 * add nothing there, since the API's schemas need `z.custom` anyway (lib/api/schemas.ts). A failure
 * is a "custom" issue at the same path; `expected` (in its params) names what was wanted. Here the
 * kinds the first screens check (the API's answers, config.json); collection-kinds.ts has those
 * only later code checks, out of the first load.
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
