import type { Plugin } from 'vite';

/**
 * The built index.html carries a Content-Security-Policy: scripts from self (and the one inline
 * script, the boot loader, by its hash: build/prerender-plugin.ts adds it to script-src),
 * images from http(s) (and data:, for the icon index.html carries inline: build/inline-favicon-plugin.ts;
 * the app itself shows only http(s) picture URLs), no objects, no <base>. connect-src allows http(s) here because the API
 * origin is only known at run time (config.json); src/lib/csp.ts then adds a second policy
 * narrowing connections to 'self' and that origin (policies intersect). Build only: the dev
 * server injects inline scripts (React refresh) that this policy would block.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http: https:",
  "connect-src 'self' http: https:",
  "font-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export function cspPlugin(): Plugin {
  return {
    name: 'social-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
    },
  };
}
