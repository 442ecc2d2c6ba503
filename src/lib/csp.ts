/**
 * Narrows the page's connections to its own origin and the configured API origin, once
 * config.json has said which that is. A second CSP only ever restricts: both policies apply.
 */
export function restrictConnections(apiBaseUrl: string): void {
  let origin: string;
  try {
    origin = new URL(apiBaseUrl, document.baseURI).origin;
  } catch {
    return;
  }
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src 'self' ${origin}`;
  document.head.append(meta);
}
