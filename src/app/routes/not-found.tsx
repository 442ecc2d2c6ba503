import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { useT } from '../../i18n/use-t';

export function NotFoundRoute() {
  const t = useT();
  return (
    <div className="page page-narrow">
      <PageHeading>{t('app.notFoundTitle')}</PageHeading>
      <p>{t('app.notFoundText')}</p>
      <Link to="/">{t('app.goToFeed')}</Link>
    </div>
  );
}
