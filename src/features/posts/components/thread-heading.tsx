import { useEffect } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';

const APP_NAME = 'Social';

/** The thread page's one h1; the tab title follows it (user text, set as text only). */
export function ThreadHeading({ title }: { title: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return <PageHeading>{title}</PageHeading>;
}
