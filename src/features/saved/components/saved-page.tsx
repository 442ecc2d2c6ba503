import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../i18n/use-t';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaved } from '../saved-store';
import { SavedList } from './saved-list';

/** The Saved page (`/saved`): the account in use's saved posts, the most recently saved first. */
export function SavedPage() {
  const t = useT();
  const ids = useSaved();
  useDocumentTitle(t('saved.documentTitle'));
  return (
    <div className="page page-narrow saved-page">
      <PageHeading>{t('saved.title')}</PageHeading>
      <SavedList ids={ids} />
    </div>
  );
}
