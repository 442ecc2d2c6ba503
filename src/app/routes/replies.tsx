import { RepliesPage } from '../../features/replies/components/replies-page';

/** `/replies`: replies to your posts (features/replies). */
export function RepliesRoute() {
  return <RepliesPage />;
}
