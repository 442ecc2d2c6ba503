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

/**
 * linkifyjs stops before ASCII punctuation at the end (`.`, `,`, `!`, `?`, an unbalanced `)`) but
 * takes other scripts' along: the Arabic comma, the ideographic full stop, closing quotes.
 */
const TRAILING_PUNCTUATION = /[^\p{ASCII}\P{P}]+$/u;

function linkAt(text: string, { value, start }: { value: string; start: number }): LinkPart | null {
  const source = value.replace(TRAILING_PUNCTUATION, '');
  if (!LINK_START.test(source)) return null;
  const before = lastCodePoint(text.slice(0, start));
  const after = firstCodePoint(text.slice(start + source.length));
  if (BAD_BEFORE.test(before) || INVISIBLE.test(before) || INVISIBLE.test(after)) return null;
  const link = safeLink(/^www\./i.test(source) ? `https://${source}` : source);
  return link && { ...link, source };
}

/**
 * `text` as a list of strings and links, in order; joining the strings with the links' `source`
 * gives `text` back. Schemeless `www.` links get https. Trailing punctuation (`.`, `,`, `!`,
 * `?`, an unbalanced `)`, and other scripts' commas and stops) stays outside the link; balanced
 * parentheses stay inside (Wikipedia's `Foo_(bar)`).
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let done = 0;
  for (const match of find(text, 'url')) {
    const link = linkAt(text, match);
    if (!link) continue;
    if (match.start > done) parts.push(text.slice(done, match.start));
    parts.push(link);
    done = match.start + link.source.length;
  }
  if (done < text.length) parts.push(text.slice(done));
  return parts;
}
