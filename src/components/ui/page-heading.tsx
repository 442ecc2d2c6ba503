import { useEffect, useRef } from 'react';

/**
 * The page's one h1. It takes focus when the page mounts (after the first page), so a screen
 * reader or keyboard user lands at the top of the new page after a navigation.
 */
let firstPage = true;

export function PageHeading({ children, className }: { children: React.ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className ?? 'page-title'}>
      {children}
    </h1>
  );
}
