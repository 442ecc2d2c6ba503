/**
 * Which URLs found in user text become links, and what the link shows. Pure, no React, no
 * tokenizer: link-parts.ts finds the candidates, this module decides. See docs/links.md.
 */

/**
 * Invisible and direction-changing characters (zero-width spaces and joiners, bidi embeddings,
 * overrides, isolates and marks, the BOM, soft hyphens, fillers): a URL that holds or touches one
 * may look like another, so it stays text.
 */
export const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The longest label in code points before the path is cut with "…"; the host is never cut. */
export const LINK_LABEL_MAX = 40;

export interface SafeLink {
  /** The parsed, normalised target: http(s) only, host in punycode, path percent-encoded. */
  href: string;
  /** What the reader sees: host (punycode) and as much of the path as fits. */
  label: string;
}

/**
 * The link for `candidate`, or null when it must stay text: not parseable, not http(s) after
 * parsing (javascript:, data:, vbscript:, ftp:, file: …), carrying credentials
 * (`https://trusted.example@evil.example` reads as the wrong host), or holding an invisible character.
 */
export function safeLink(candidate: string): SafeLink | null {
  if (INVISIBLE.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return { href: url.href, label: linkLabel(url) };
}

/** Percent-decoded for reading, unless decoding would bring back something invisible or a space. */
function readable(encoded: string): string {
  try {
    const decoded = decodeURI(encoded);
    return /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(decoded) ? encoded : decoded;
  } catch {
    return encoded;
  }
}

/**
 * `host/path?query#hash` without the scheme, cut to LINK_LABEL_MAX. The host (`URL.host`: punycode
 * for an IDN, with the port) always shows whole, because it is what tells a reader where the link
 * goes: only the path is shortened.
 */
export function linkLabel(url: URL): string {
  const path = url.pathname === '/' ? '' : url.pathname;
  const rest = Array.from(readable(`${path}${url.search}${url.hash}`));
  const room = LINK_LABEL_MAX - url.host.length;
  if (rest.length <= room) return url.host + rest.join('');
  return `${url.host}${rest.slice(0, Math.max(room - 1, 1)).join('')}…`;
}
