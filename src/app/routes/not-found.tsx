import { NotFoundCard } from '../../components/ui/not-found-card';
import { PageHeading } from '../../components/ui/page-heading';
import { useT } from '../../i18n/use-t';

export function NotFoundRoute() {
  const t = useT();
  return (
    <div className="page">
      <PageHeading>{t('app.notFoundTitle')}</PageHeading>
      <NotFoundCard>{t('app.notFoundText')}</NotFoundCard>
    </div>
  );
}
