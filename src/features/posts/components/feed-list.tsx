import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { postQueries } from '../../../entities/post/queries';
import type { Post } from '../../../lib/api/schemas';
import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type VirtualItem,
  type WindowVirtualizer,
} from '../../../lib/window-virtualizer';
import { useT } from '../../../i18n/use-t';
import { afterNextPaint, whenIdle } from '../../../lib/idle';
import { createStore } from '../../../lib/external-store';
import { FeedItem } from './feed-item';
import { feedProps, LOAD_AHEAD } from './first-posts';
import { useFeedKeyboard } from './feed-keyboard';
import { readFeedScroll } from './feed-scroll';
import { readFeedMeasurements, saveFeedMeasurements, saveFeedScroll, storeFeedMeasurements } from './feed-place';
import { charsPerLine, estimatePostHeight } from '../../../entities/post/ui/post-height';

/** What a post measures without a layout engine (jsdom): windowing still works on one fixed figure. */
const UNMEASURED_HEIGHT = 180;
/**
 * Posts rendered beyond the window on each side. The first render keeps to the window (and one
 * more): that is what the reader waits for; the rest follow once it is painted, in the background.
 */
const OVERSCAN = 5;
const FIRST_OVERSCAN = 1;

function measure(element: Element, entry: ResizeObserverEntry | undefined, _instance: WindowVirtualizer) {
  const size = measureElement(element, entry);
  // Without a layout engine (jsdom) everything measures 0: keep a fixed figure so windowing still works.
  return size > 0 ? size : UNMEASURED_HEIGHT;
}

/** The ids of the posts in the viewport, newest first (the feed's later part keeps "last seen" from them). */
export const feedInView = createStore<readonly string[]>([]);

/** An index to scroll to and focus; a new object every time, so the same index can be asked twice. */
export interface FocusTarget {
  index: number;
  /** 'item' (default) brings the post into view; 'top' goes to the top of the page. */
  scroll?: 'item' | 'top';
}

interface FeedListProps {
  ids: string[];
  /** Newer ids than `ids` exist and are being rendered (the list renders a deferred copy). */
  catchingUp?: boolean;
  /** Go back to where the reader was in this history entry. */
  restoreScroll: boolean;
  busy: boolean;
  /** More pages exist. */
  hasMore: boolean;
  /** More pages exist and none is loading or failed: scrolling near the end may load one. */
  canLoadMore: boolean;
  /** Resolves true when the next page arrived. */
  loadMore(): Promise<boolean>;
  focusTarget: FocusTarget | null;
  onFocusTarget(target: FocusTarget): void;
  /** The first posts as FirstPosts showed them, still in the document while this list first renders. */
  firstPosts?(): HTMLElement | null;
}

/**
 * What the list takes over from FirstPosts: the sizes of the posts it showed (the same wrappers,
 * measured the same way), so it lays them out where they are, and the one holding focus.
 */
function takeOver(list: HTMLElement | null | undefined, ids: string[]): { sizes: VirtualItem[]; focused: number | null } {
  const sizes: VirtualItem[] = [];
  let focused: number | null = null;
  for (const element of list?.children ?? []) {
    const index = Number(element.getAttribute('data-index'));
    const key = ids[index];
    if (key === undefined) continue;
    const size = measureElement(element, undefined);
    if (size > 0) sizes.push({ key, index, size, start: 0, end: 0 });
    if (element.contains(document.activeElement)) focused = index;
  }
  return { sizes, focused };
}

/** The posts as an accessible feed, windowed against the page's own scroll. */
export function FeedList({ ids, catchingUp = false, restoreScroll, busy, hasMore, canLoadMore, loadMore, focusTarget, onFocusTarget, firstPosts }: FeedListProps) {
  const t = useT();
  const listRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const entryKey = useLocation().key;
  const [restored] = useState(() => {
    // FirstPosts on screen: what it shows is taken over, on a return too. (Its pages already
    // cached is not a return: a first visit's pages arrive before the page's code when that code
    // is slow, and the list then took over neither the focus nor the sizes.)
    const first = firstPosts?.();
    return restoreScroll && !first
      ? { offset: readFeedScroll(entryKey), sizes: readFeedMeasurements(entryKey), focused: null }
      : { offset: 0, ...takeOver(first, ids) };
  });
  const [scrollMargin, setScrollMargin] = useState(0);
  const [focused, setFocused] = useState<number | null>(restored.focused);
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  const client = useQueryClient();
  const lineChars = charsPerLine(window.innerWidth);
  // Per post and line length: the virtualizer asks again for every post whenever a size changes.
  // Keyed by the cached post itself, so an estimate goes when its post leaves the cache.
  const estimates = useRef({ lineChars, byPost: new WeakMap<Post, number>() });

  const virtualizer = useWindowVirtualizer({
    count: ids.length,
    // Close to the measured height, so the first render picks the posts that fit and measuring moves little.
    estimateSize: (index) => {
      // Without a layout engine (jsdom) nothing is ever measured: one figure for every post.
      if (typeof ResizeObserver === 'undefined') return UNMEASURED_HEIGHT;
      const id = ids[index];
      const post = id === undefined ? undefined : client.getQueryData<Post>(postQueries.detail(id).queryKey);
      if (!post) return estimatePostHeight(undefined, lineChars);
      if (estimates.current.lineChars !== lineChars) estimates.current = { lineChars, byPost: new WeakMap() };
      let estimate = estimates.current.byPost.get(post);
      if (estimate === undefined) estimates.current.byPost.set(post, (estimate = estimatePostHeight(post, lineChars)));
      return estimate;
    },
    overscan,
    scrollMargin,
    getItemKey: (index) => ids[index] ?? index,
    measureElement: measure,
    initialOffset: restored.offset,
    initialMeasurementsCache: restored.sizes,
    // The focused post stays in the DOM when it scrolls out of the window, so focus is not lost.
    rangeExtractor: (range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of [focused, focusTarget?.index]) {
        if (index !== null && index !== undefined && index < range.count) indexes.add(index);
      }
      return [...indexes].sort((a, b) => a - b);
    },
  });
  const items = virtualizer.getVirtualItems();
  const { startIndex: firstInView = 0, endIndex: lastInView = -1 } = virtualizer.range ?? {};
  useEffect(() => {
    feedInView.set(ids.slice(firstInView, lastInView + 1));
    // No list, nothing in view: another account's feed must not find this one's posts there.
    return () => feedInView.set([]);
  }, [ids, firstInView, lastInView]);

  const nearTheEnd = canLoadMore && ids.length > 0 && lastInView >= ids.length - 1 - LOAD_AHEAD;
  useEffect(() => {
    if (!nearTheEnd) return;
    // Once the main thread is idle, not in the render's task (React runs this effect before the
    // browser paints a synchronous render): the posts on screen are painted before the next
    // page's requests start, which cost the main thread a few ms each.
    return whenIdle(() => void loadMore(), 500);
  }, [nearTheEnd, loadMore]);

  // The list starts below the banner and heading, whose height changes as they load.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list?.parentElement || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrollMargin(list.getBoundingClientRect().top + window.scrollY));
    observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, []);

  // Layout effects: the listener is gone before the next page can shorten the document and clamp the scroll.
  useLayoutEffect(() => {
    const onScroll = () => saveFeedScroll(entryKey, window.scrollY);
    const onHide = () => storeFeedMeasurements(entryKey, virtualizer.takeSnapshot());
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
      saveFeedMeasurements(entryKey, virtualizer.takeSnapshot());
    };
  }, [entryKey, virtualizer]);

  const hasItems = ids.length > 0;
  // The post that held focus in FirstPosts holds it here (its element was replaced).
  useLayoutEffect(() => {
    if (restored.focused !== null) listRef.current?.querySelector<HTMLElement>(`[data-index="${restored.focused}"] article`)?.focus({ preventScroll: true });
  }, [restored.focused]);
  // A post still loading that holds the focus (j, Tab) becomes its card when it arrives: another
  // element, and the browser drops the focus with the one it removes. The card takes the focus on.
  // Not after a move elsewhere, or away to nothing (a click on the page): then the element is still
  // in the document a moment after it lost the focus, and is let go.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let held: { element: Element; id: string } | null = null;
    const hold = (element: Element) => {
      const id = element.getAttribute('data-post-id');
      held = id === null ? null : { element, id };
    };
    const onFocusIn = (event: FocusEvent) => hold(event.target as Element);
    // A post focused before this listener was there: the one taken over from FirstPosts (the
    // layout effect above focuses it before effects run).
    if (document.activeElement && list.contains(document.activeElement)) hold(document.activeElement);
    const onFocusOut = () => {
      const was = held;
      queueMicrotask(() => {
        if (was && held === was && was.element.isConnected) held = null;
      });
    };
    const observer = new MutationObserver(() => {
      if (!held || held.element.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
      list.querySelector<HTMLElement>(`article[data-post-id="${held.id}"]`)?.focus({ preventScroll: true });
    });
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    observer.observe(list, { childList: true, subtree: true });
    return () => {
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!hasItems || overscan >= OVERSCAN) return;
    let cancelled = false;
    void afterNextPaint().then(() => {
      // One more post on each side per frame: the browser lays out a post or two at a time, not
      // ten in one long task (layout cannot be sliced).
      if (!cancelled) startTransition(() => setOverscan(overscan + 1));
    });
    return () => {
      cancelled = true;
    };
  }, [hasItems, overscan, client]);

  useLayoutEffect(() => {
    if (hasItems && restored.offset > 0) window.scrollTo({ top: restored.offset });
  }, [hasItems, restored.offset]);

  // The list renders from a deferred copy of the ids (Feed): a target set with new posts waits for
  // the render that shows them, and each target is applied once.
  const appliedTarget = useRef<FocusTarget | null>(null);
  useLayoutEffect(() => {
    if (!focusTarget || catchingUp || appliedTarget.current === focusTarget || focusTarget.index >= ids.length) return;
    appliedTarget.current = focusTarget;
    // Through the virtualizer, after the render: a window.scrollTo before it would be undone by the
    // virtualizer keeping its old offset while it measures posts just put on top.
    if (focusTarget.scroll === 'top') virtualizer.scrollToOffset(0);
    else virtualizer.scrollToIndex(focusTarget.index, { align: 'auto' });
    const selector = `[data-index="${focusTarget.index}"] article`;
    listRef.current?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }, [focusTarget, catchingUp, virtualizer, ids.length]);

  useFeedKeyboard(listRef, {
    move(delta, from) {
      const next = from === null ? (virtualizer.range?.startIndex ?? 0) : from + delta;
      if (next >= ids.length) {
        if (hasMore) void loadMore().then((arrived) => arrived && onFocusTarget({ index: next }));
      } else if (next >= 0) {
        onFocusTarget({ index: next });
      }
    },
    open(index) {
      const id = ids[index];
      if (id !== undefined) navigate(`/post/${id}`);
    },
  });

  return (
    <div
      ref={listRef}
      {...feedProps(t('feed.listLabel'), busy)}
      // Set once the first posts are painted: until then the footer below is hidden (styles.css).
      data-painted={overscan > FIRST_OVERSCAN || !hasItems || undefined}
      // While more pages are to come, at least a screen tall: the footer below starts under the fold
      // however few posts are loaded (a first visit's first page, a reload right after it), so the
      // next page fills the room in view instead of pushing a footer that is in view (a layout shift).
      style={{ position: 'relative', height: virtualizer.getTotalSize(), minHeight: hasMore ? '100vh' : undefined }}
      onFocus={(event) => {
        const index = event.target.closest('[data-index]')?.getAttribute('data-index');
        if (index !== null && index !== undefined) setFocused(Number(index));
      }}
    >
      {items.map((item) => {
        const id = ids[item.index];
        if (id === undefined) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              insetInlineStart: 0,
              width: '100%',
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <FeedItem id={id} position={item.index + 1} />
          </div>
        );
      })}
    </div>
  );
}
