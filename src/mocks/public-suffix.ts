/**
 * What the in-browser mock (msw/browser in the page, src/mocks/browser.ts) is given for `tldts`: the host's
 * registrable domain by the Public Suffix List's default rule alone ("*": a host's last label is
 * its public suffix), without the list itself.
 *
 * MSW keeps a cookie jar (tough-cookie) for the requests it intercepts, and tough-cookie asks tldts
 * for a host's registrable domain on every request. The list behind tldts's answer was 114 of the
 * mock chunk's 168 KB gzip (270 of 453 KB before compression) in the designers' preview, loaded by
 * every page of it. The mock backend neither reads nor sets a cookie (the token travels in the
 * Authorization header), so which domains the jar would treat as one site never matters here.
 * vite.config.ts puts this in tldts's place for the browser's builds only; Vitest and the HTTP mock
 * (msw/node in Node) keep the real list.
 */

/** `tldts.getDomain`'s answer by the default rule: null for an IP address or a single label. */
export function getDomain(hostname: string | null | undefined): string | null {
  if (!hostname) return null;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // An IPv6 address, bracketed or not, has a colon; an IPv4 one is four numbers.
  if (host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null;
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  return labels.slice(-2).join('.');
}
