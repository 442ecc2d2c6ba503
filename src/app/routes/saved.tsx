import { SavedPage } from '../../features/saved/components/saved-page';

/** `/saved`: the account in use's saved posts (features/saved). */
export function SavedRoute() {
  return <SavedPage />;
}
