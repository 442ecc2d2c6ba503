/**
 * The file Settings → "Export this device's data" writes and "Import data" reads: what this device
 * keeps for one account (drafts, saved posts, mutes and muted words, where it left off, the replies
 * to it and which were seen, its settings), never a token. Version 1; README, "Your data in a file".
 *
 * The file comes from anywhere, so it is read as hostile: at most MAX_FILE_BYTES, JSON.parse, then
 * one schema with every array and string bounded, objects with exactly their keys (a `__proto__` or
 * `constructor` key is a failure, never assigned), post ids as decimal strings. Nothing in it is
 * used before the whole file has passed, and nothing is assigned by a key it names. Loaded on
 * demand, with the Export button or a chosen file.
 */
import * as z from 'zod/mini';
import { length } from '../../lib/collection-kinds';
import { boolean } from '../../lib/schema-kinds';
import { MAX_WORD_LENGTH } from '../../entities/mute/mute-store';
import { OWN_LIMIT, REPLY_LIMIT } from '../../entities/replies/replies-store';
import { SAVED_LIMIT } from '../../features/saved/saved-store';

export const DATA_FILE_FORMAT = 'social-device-data';
export const DATA_FILE_VERSION = 1;
/** A bigger file is refused unread (an account's data is a few KB; 1000 saved posts about 20 KB). */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_DRAFTS = 500;
export const MAX_MUTED = 5000;
export const MAX_DRAFT_TEXT = 50_000;
export const MAX_NAME = 200;

export type DataFileError = 'too-big' | 'not-json' | 'version' | 'invalid' | 'unreadable';
export type DataFileRead = { ok: true; file: DataFile } | { ok: false; error: DataFileError };

const POST_ID = /^\d{1,20}$/;
const DRAFT_CONTEXT = /^(new|reply:\d{1,20})$/;
const matches = (pattern: RegExp) => z.refine<string>((value) => pattern.test(value));
const text = (max: number, min = 0) => z.string().check(length(min, max));
const postId = () => z.string().check(matches(POST_ID));
const list = <T extends z.ZodMiniType>(item: T, max: number) => z.array(item).check(length(0, max));

// Only zod functions the app already uses elsewhere: every zod module lives in the first load's
// chunk (vite.config.ts), so a new one (strictObject, literal) would grow the feed's first
// load. Exact keys are checked after the parse instead (hasOnlyKnownKeys).
const draftSchema = z.object({
  context: z.string().check(matches(DRAFT_CONTEXT)),
  content: text(MAX_DRAFT_TEXT),
  from: text(MAX_NAME),
  lock: boolean(),
  nsfw: boolean(),
  savedAt: z.number(),
});

const repliesSchema = z.object({
  own: list(postId(), OWN_LIMIT),
  replies: list(z.object({ id: postId(), parent: postId(), seen: boolean() }), REPLY_LIMIT),
  since: z.number(),
  baseline: boolean(),
});

export const dataFileSchema = z.object({
  /** Always DATA_FILE_FORMAT and DATA_FILE_VERSION (checked before the schema: parseDataFile). */
  format: z.string(),
  version: z.number(),
  exportedAt: text(40),
  account: z.object({ username: text(MAX_NAME, 1), uuid: z.optional(text(MAX_NAME, 1)) }),
  drafts: list(draftSchema, MAX_DRAFTS),
  saved: list(postId(), SAVED_LIMIT),
  mutes: z.object({
    accounts: list(z.object({ uuid: text(MAX_NAME, 1), username: text(MAX_NAME) }), MAX_MUTED),
    words: list(text(MAX_WORD_LENGTH, 1), MAX_MUTED),
  }),
  /** Absent when the account has none kept here. */
  replies: z.optional(repliesSchema),
  prefs: z.object({ alwaysShowSensitive: boolean() }),
  /** The newest post the account saw on the feed; absent when it has seen none here. */
  lastSeen: z.optional(postId()),
});

export type DataFile = z.output<typeof dataFileSchema>;
export type DataFileDraft = DataFile['drafts'][number];

export const isPostId = (value: unknown): value is string => typeof value === 'string' && POST_ID.test(value);
export const isDraftContext = (value: string): boolean => DRAFT_CONTEXT.test(value);

/**
 * Whether `input` has no key that the schema's output left out (zod drops unknown keys): one more
 * key anywhere (a typo, another version's field, `__proto__`, `constructor`) fails the file.
 */
function hasOnlyKnownKeys(input: unknown, output: unknown): boolean {
  if (Array.isArray(input)) return Array.isArray(output) && input.every((item, i) => hasOnlyKnownKeys(item, output[i]));
  if (typeof input !== 'object' || input === null) return true;
  if (typeof output !== 'object' || output === null) return false;
  return Object.keys(input).every((key) => Object.hasOwn(output, key) && hasOnlyKnownKeys((input as Record<string, unknown>)[key], (output as Record<string, unknown>)[key]));
}

/** Reads a file's text: its data, or why not (not JSON, another version, not this format). */
export function parseDataFile(source: string): DataFileRead {
  if (source.length > MAX_FILE_BYTES) return { ok: false, error: 'too-big' };
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return { ok: false, error: 'not-json' };
  }
  const head = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { format?: unknown; version?: unknown }) : null;
  if (head?.format !== DATA_FILE_FORMAT) return { ok: false, error: 'invalid' };
  // This format, another version: said so, not "not a data file".
  if (head.version !== DATA_FILE_VERSION) return { ok: false, error: 'version' };
  const parsed = dataFileSchema.safeParse(value);
  return parsed.success && hasOnlyKnownKeys(value, parsed.data) ? { ok: true, file: parsed.data } : { ok: false, error: 'invalid' };
}

/** Reads a chosen file: refused unread when bigger than MAX_FILE_BYTES. */
export async function readDataFile(file: Blob): Promise<DataFileRead> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: 'too-big' };
  let source: string;
  try {
    source = await file.text();
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  return parseDataFile(source);
}

/** `social-<username>-<YYYY-MM-DD>.json`, the date as on this device's calendar; the name kept to what every file system takes. */
export function dataFileName(username: string, now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  const safe = username.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64) || 'account';
  return `social-${safe}-${day}.json`;
}
