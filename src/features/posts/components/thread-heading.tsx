import { useEffect } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../i18n/use-t';

/** The thread page's one h1; the tab title follows it (user text, set as text only). */
export function ThreadHeading({ title }: { title: string }) {
  const t = useT();
  const documentTitle = t('thread.documentTitle', { title });
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle;
    return () => {
      document.title = previous;
    };
  }, [documentTitle]);
  return <PageHeading>{title}</PageHeading>;
}
