import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { repliesStore, unseenCount, useRepliesState, withAllSeen, type RepliesState } from '../../../entities/replies/replies-store';
import { useMe } from '../../../entities/account/use-me';
import { useAccountId } from '../../../entities/account/token-store';
import { highestKnownId } from '../highest-known-id';
import { useT } from '../../../i18n/use-t';
import { RepliesList } from './replies-list';
import { RepliesLookBack } from './replies-look-back';
import '../replies.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The Replies page (`/replies`): replies to your posts, newest first. Opening it marks them all seen, in this tab and
 * (through storage) every other; those that were new stay marked "New" while the page is open.
 */
export function RepliesPage() {
  const t = useT();
  const client = useQueryClient();
  const me = useMe();
  const account = useAccountId();
  const state = useRepliesState();
  // The replies unseen at each state read while the page is open (set during render, not in an effect).
  const [opened, setOpened] = useState<{ state: RepliesState | null; newIds: ReadonlySet<string> }>({ state: null, newIds: new Set() });
  if (state !== opened.state) {
    const unseen = state?.replies.filter((reply) => !reply.seen).map((reply) => reply.id) ?? [];
    setOpened({ state, newIds: unseen.length > 0 ? new Set([...opened.newIds, ...unseen]) : opened.newIds });
  }
  const title = t('replies.documentTitle');

  useDocumentTitle(title);

  // Opened before the count logic has loaded (a deep link): read this account's replies here.
  useEffect(() => {
    repliesStore.start(account, () => highestKnownId(client));
  }, [client, account]);

  useEffect(() => {
    if (state && unseenCount(state) > 0) repliesStore.update(account, withAllSeen);
  }, [state, account]);

  return (
    <div className="page page-narrow replies-page">
      <PageHeading>{t('replies.title')}</PageHeading>
      {state ? (
        <>
          <RepliesList replies={state.replies} newIds={opened.newIds} />
          <RepliesLookBack />
        </>
      ) : me.isError ? (
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <LoadingState label={t('replies.loading')} />
      )}
    </div>
  );
}
