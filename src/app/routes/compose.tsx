import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { useOwnSummary } from '../../features/auth/use-own-summary';
import { Composer } from '../../features/compose/components/composer';
import { useT } from '../../i18n/use-t';

export function ComposeRoute() {
  const t = useT();
  const navigate = useNavigate();
  const author = useOwnSummary();
  const page = useRef<HTMLDivElement>(null);
  // PageHeading takes the focus after an in-app navigation (in an effect, after the text box's
  // autoFocus); this page exists to type into, so the text box gets it back. A parent's effect
  // runs after its children's.
  useEffect(() => {
    page.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }, []);
  return (
    <div className="page" ref={page}>
      <PageHeading>{t('compose.newPostTitle')}</PageHeading>
      {/* Replace: the composer is done once the post exists, so Back from the new thread (or its
          deletion) returns to where "New post" was pressed, not to an empty composer. */}
      <Composer author={author} focusOnMount onCreated={(post) => navigate(`/post/${post.id}`, { replace: true })} />
    </div>
  );
}
