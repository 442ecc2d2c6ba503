/**
 * Schema kinds of collections, as schema-kinds.ts builds its own (zod's custom check and refine),
 * for what only code loaded later checks: the stores on this device (drafts, mutes, replies), the
 * composer and the device-data file. A module of their own, so they stay out of the first load's
 * core chunk (vite.config.ts puts schema-kinds.ts there).
 */
import * as z from 'zod/mini';

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
