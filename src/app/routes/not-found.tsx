import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';

export function NotFoundRoute() {
  return (
    <div className="page page-narrow">
      <PageHeading>Page not found</PageHeading>
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the feed</Link>
    </div>
  );
}
