import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { useOwnSummary } from '../../features/auth/use-own-summary';
import { Composer } from '../../features/compose/components/composer';

export function ComposeRoute() {
  const navigate = useNavigate();
  const author = useOwnSummary();
  return (
    <div className="page">
      <PageHeading>New post</PageHeading>
      <Composer author={author} focusOnMount onCreated={(post) => navigate(`/post/${post.id}`)} />
    </div>
  );
}
