import { useEffect } from 'react';

/** The tab's title while the calling page is shown; the one before it comes back when it goes. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
