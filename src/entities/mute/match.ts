/**
 * Whether a post is muted (pure, no storage): by its author's uuid, or by a muted word or phrase
 * in its text. Words match whole and case-insensitively in any script: a word's edges are where
 * no letter, digit or combining mark (Arabic vowel signs, Polish diacritics written as marks)
 * touches it, so "cat" matches "Cat!" and "cat🐈" but not "concatenate", and "żółw" matches
 * "Żółw." but not "żółwie". The caller decides about one's own posts (never hidden in this app).
 */
import type { Post } from '../../lib/api/schemas';

export interface MutedAccount {
  uuid: string;
  /** As it was when muted: for showing the list, never for matching. */
  username: string;
}

export interface Mutes {
  accounts: readonly MutedAccount[];
  words: readonly string[];
}

export const NO_MUTES: Mutes = { accounts: [], words: [] };

export type MuteReason = 'account' | 'word';

/** The form words are compared in: NFC, lower case without the locale's special rules (Turkish İ stays itself). */
export function foldCase(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** A word as it is kept: trimmed, runs of white space made one space. Empty when nothing is left. */
export function normalizeWord(word: string): string {
  return word.trim().replace(/\s+/gu, ' ');
}

const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/** One expression for all the words (null for none); any run of white space stands for a phrase's spaces. */
export function wordPattern(words: readonly string[]): RegExp | null {
  const parts = words
    .map((word) => foldCase(normalizeWord(word)))
    .filter((word) => word !== '')
    .map((word) => word.split(' ').map(escapeRegExp).join('\\s+'));
  if (parts.length === 0) return null;
  return new RegExp(`(?<!${WORD_CHAR})(?:${parts.join('|')})(?!${WORD_CHAR})`, 'u');
}

const patterns = new WeakMap<readonly string[], RegExp | null>();

function patternOf(words: readonly string[]): RegExp | null {
  let pattern = patterns.get(words);
  if (pattern === undefined) {
    pattern = wordPattern(words);
    patterns.set(words, pattern);
  }
  return pattern;
}

/** Whether `text` holds one of `words` (or phrases), whole. */
export function containsMutedWord(text: string, words: readonly string[]): boolean {
  const pattern = patternOf(words);
  return pattern !== null && pattern.test(foldCase(text));
}

/** Why a post is muted, or null: its author is muted, or its text holds a muted word. */
export function muteReason(post: Pick<Post, 'author' | 'content'>, mutes: Mutes): MuteReason | null {
  const uuid = post.author?.uuid;
  if (uuid && mutes.accounts.some((account) => account.uuid === uuid)) return 'account';
  if (containsMutedWord(post.content, mutes.words)) return 'word';
  return null;
}

/** Whether a post is muted for these mutes (see muteReason). */
export function isMutedPost(post: Pick<Post, 'author' | 'content'>, mutes: Mutes): boolean {
  return muteReason(post, mutes) !== null;
}
