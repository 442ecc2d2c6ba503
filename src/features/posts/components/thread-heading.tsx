import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../i18n/use-t';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The thread page's one h1; the tab title follows it (user text, set as text only). In the tab
 * title the heading is isolated (FSI … PDI): a bidi control in the author's name cannot reorder
 * the app's name after it.
 */
export function ThreadHeading({ title }: { title: string }) {
  const t = useT();
  const documentTitle = t('thread.documentTitle', { title: `\u2068${title}\u2069` });
  useDocumentTitle(documentTitle);
  return <PageHeading>{title}</PageHeading>;
}
