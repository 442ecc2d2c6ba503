import { useEffect, useRef } from 'react';

/**
 * The page's one h1. It takes focus when the page mounts (after the first page), so a screen
 * reader or keyboard user lands at the top of the new page after a navigation; after a click the
 * browser draws no ring there (:focus-visible), after a key it does. `loading`: the heading of a
 * page still loading, replaced by the page's own once it has loaded: it takes no focus, and a deep
 * link's page is still the first one (focused on a fresh load, its title drew the ring).
 */
let firstPage = true;

export function PageHeading({ children, className, loading }: { children: React.ReactNode; className?: string; loading?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (loading) return;
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [loading]);
  return (
    <h1 ref={ref} tabIndex={-1} className={className ?? 'page-title'}>
      {children}
    </h1>
  );
}
