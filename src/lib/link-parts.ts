/**
 * User text split into text and links, by linkifyjs's scanner. Loaded lazily (linkifyjs is about
 * 10 KB gzip): see components/ui/linkified-text.tsx.
 */
import { find } from 'linkifyjs';
import { INVISIBLE, safeLink, type SafeLink } from './links';

/** A link and the text it was found in (kept for tests and for anyone who needs the original). */
export interface LinkPart extends SafeLink {
  source: string;
}

export type TextPart = string | LinkPart;

/** Only explicit http(s) URLs and `www.` hosts: a bare `readme.md` or `setup.py` is not a link. */
const LINK_START = /^(?:https?:\/\/|www\.)/i;

/**
 * Glued to the end of a longer word (`javascript://www.…`, `xhttps://www.…`) or to an invisible
 * character: the reader cannot tell where such a URL starts, so it stays text.
 */
const BAD_BEFORE = /[A-Za-z0-9/\\@_-]$/;

function lastCodePoint(text: string): string {
  return Array.from(text.slice(-2)).pop() ?? '';
}

function firstCodePoint(text: string): string {
  return Array.from(text.slice(0, 2))[0] ?? '';
}

function linkAt(text: string, match: { value: string; href: string; start: number; end: number }): SafeLink | null {
  if (!LINK_START.test(match.value)) return null;
  const before = lastCodePoint(text.slice(0, match.start));
  if (BAD_BEFORE.test(before) || INVISIBLE.test(before) || INVISIBLE.test(firstCodePoint(text.slice(match.end)))) return null;
  return safeLink(match.href);
}

/**
 * `text` as a list of strings and links, in order; joining the strings with the links' `source`
 * gives `text` back. Schemeless `www.` links get https. Trailing punctuation (`.`, `,`, `!`,
 * `?`, an unbalanced `)`) stays outside the link; balanced parentheses stay inside (linkifyjs).
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let done = 0;
  for (const match of find(text, 'url', { defaultProtocol: 'https' })) {
    const link = linkAt(text, match);
    if (!link) continue;
    if (match.start > done) parts.push(text.slice(done, match.start));
    parts.push({ ...link, source: match.value });
    done = match.end;
  }
  if (done < text.length) parts.push(text.slice(done));
  return parts;
}
