/**
 * What waits for the person, where the browser shows it outside the page: the tab's title starts
 * with "(N) " (no prefix at 0), a dot on the tab's icon while N > 0, and the installed app's badge
 * (the Badging API, where the browser has it). Whatever the page sets as its title (each page's own,
 * lib/use-document-title.ts) keeps the prefix: a change of the title is read back and the prefix put
 * in front again, so pages need not know of it. Loaded on demand (app/tab-count.tsx).
 */
import favicon from '../../public/favicon.svg?raw';

/** The prefix this module puts on the title: "(N) " in any script's digits. Titles themselves never start so. */
const PREFIX = /^\(\p{Nd}+\) /u;

/** The tab's icon with a dot at its top corner: the same drawing, one circle more. */
export const DOTTED_ICON = `data:image/svg+xml,${encodeURIComponent(
  favicon.trim().replace('</svg>', '<circle cx="25" cy="7" r="6.5" fill="#e03131" stroke="#fff" stroke-width="2"/></svg>'),
)}`;

type Badging = { setAppBadge?(contents?: number): Promise<void>; clearAppBadge?(): Promise<void> };

let prefix = '';
let shown = 0;
let observer: MutationObserver | null = null;
let plainIcon: string | null = null;

function applyTitle(): void {
  const next = prefix + document.title.replace(PREFIX, '');
  if (document.title !== next) document.title = next;
}

function showDot(dot: boolean): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) return;
  plainIcon ??= link.getAttribute('href');
  const href = dot ? DOTTED_ICON : plainIcon;
  if (href !== null && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function showBadge(count: number): void {
  const badging = navigator as Navigator & Badging;
  // Refused outside an installed app in some browsers: nothing to do about it.
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  done?.catch(() => undefined);
}

/** Shows `count` things waiting, its digits in `locale`'s way; 0 takes every sign away. */
export function showTabCount(count: number, locale: string): void {
  prefix = count > 0 ? `(${new Intl.NumberFormat(locale, { useGrouping: false }).format(count)}) ` : '';
  applyTitle();
  if (count > 0 && !observer && typeof MutationObserver !== 'undefined') {
    observer = new MutationObserver(applyTitle);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  } else if (count === 0) {
    observer?.disconnect();
    observer = null;
  }
  showDot(count > 0);
  if (count !== shown) showBadge(count);
  shown = count;
}
