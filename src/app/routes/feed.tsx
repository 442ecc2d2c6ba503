import { useEffect } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { Feed } from '../../features/posts/components/feed';
import { useT } from '../../i18n/use-t';
import { whenFirstContent } from '../../lib/first-content';
import { whenIdle } from '../../lib/idle';
import { ComposeRoute, ProfileRoute, ThreadRoute } from '../route-modules';

/**
 * Where a click on the feed leads (a post's thread, its author, the composer). Their code (about
 * 12 KB brotli together) loads once the reader shows intent, the first time they move the pointer,
 * touch, scroll, press a key or focus something on the page after the first posts are on screen:
 * then opening one waits neither for its code nor for the Suspense fallback React would hold on
 * screen for about 300 ms. Not before: during the load those requests and their evaluation would
 * compete with the feed's own (measured: they ran between the first posts and the last page's).
 */
const NEXT_PAGES = [ThreadRoute, ProfileRoute, ComposeRoute];
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'focusin'] as const;

function usePreloadNextPages(): void {
  useEffect(() => {
    let live = true;
    let cancelIdle = () => {};
    const options = { capture: true, passive: true } as const;
    const stopListening = () => INTENT_EVENTS.forEach((type) => window.removeEventListener(type, onIntent, options));
    function onIntent() {
      stopListening();
      // A page whose code fails to load now reports it when it is opened, as before.
      cancelIdle = whenIdle(() => NEXT_PAGES.forEach((page) => void page.preload().catch(() => undefined)), 500);
    }
    void whenFirstContent(() => {
      if (live) INTENT_EVENTS.forEach((type) => window.addEventListener(type, onIntent, options));
    });
    return () => {
      live = false;
      stopListening();
      cancelIdle();
    };
  }, []);
}

export function FeedRoute() {
  const t = useT();
  usePreloadNextPages();
  return (
    <div className="page">
      <BlogBanner />
      <PageHeading>{t('app.feed')}</PageHeading>
      <Feed />
    </div>
  );
}
