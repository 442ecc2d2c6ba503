/**
 * The absolute address of a post's thread: this page's address without its `#` part, then the
 * hash route (src/app/router.tsx), so it works under whatever sub-path the app is served from.
 */
export function postLink(id: string, href: string = window.location.href): string {
  return `${href.split('#')[0]}#/post/${encodeURIComponent(id)}`;
}

/** Whether this browser has a share sheet that takes a link (the Web Share API). */
export function canShareLink(url: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  try {
    return navigator.canShare ? navigator.canShare({ url }) : true;
  } catch {
    return false;
  }
}
