import { useEffect, useRef, useState } from 'react';
import type { CreatedPost, UserSummary } from '../../../lib/api/schemas';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useMe } from '../../../entities/account/use-me';
import { useAccountId } from '../../../entities/account/token-store';
import { useT } from '../../../i18n/use-t';
import { createPostInputSchema } from '../api/create-post';
import { draftContext, isBlankDraft, loadDraft, saveDraft } from '../../../entities/draft/draft-store';
import { useLeaveGuard } from '../use-leave-guard';
import { useSendPost } from '../use-send-post';
import { ComposerForm, type DraftFields } from './composer-form';
import { failureMessage, submitLabel, uncertainMessage } from './composer-text';

interface ComposerProps {
  /** Reply to this post; absent for a new post. */
  parentId?: string;
  author: UserSummary | null;
  onCreated?: (post: CreatedPost) => void;
  focusOnMount?: boolean;
  label?: string;
}

/**
 * Drafts are kept per account, so no draft is shown (or saved) before who-am-I says whose they
 * are: until then the composer shows its loading state. Keyed by the account's local id
 * (entities/account), so another person starts from their own drafts, and a rename changes nothing.
 */
export function Composer(props: ComposerProps) {
  const t = useT();
  const me = useMe();
  const account = useAccountId();
  const label = props.label ?? t(props.parentId ? 'compose.writeReply' : 'compose.writePost');
  // Data first: a failed background refresh of who-am-I keeps the composer (and what is typed).
  if (me.data && account) return <AccountComposer key={account} {...props} label={label} account={account} />;
  if (me.isError) {
    return <ErrorState error={me.error} title={t('compose.accountFailed')} onRetry={() => void me.refetch()} />;
  }
  return (
    <div className="composer card" aria-busy="true">
      <LoadingState label={t('compose.loadingDraft')} lines={4} />
    </div>
  );
}

function AccountComposer({ parentId, author, onCreated, focusOnMount, label, account }: ComposerProps & { label: string; account: string }) {
  // Also re-renders on a language change: composer-text.ts translates as it is called.
  const t = useT();
  const context = draftContext(parentId);
  const [draft, setDraft] = useState(() => loadDraft(account, context));
  const [validation, setValidation] = useState<string | null>(null);
  const sending = useRef(false);
  const send = useSendPost(parentId, author, account);
  const release = useLeaveGuard(!isBlankDraft(draft));

  useEffect(() => saveDraft(account, context, draft), [account, context, draft]);

  const update = (patch: Partial<DraftFields>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setValidation(null);
  };

  function submit() {
    // A ref, not state: a second click or key press in the same tick must not send again.
    if (sending.current || send.isSending) return;
    const input = { content: draft.content, from: draft.from.trim() || undefined, lock: draft.lock, nsfw: draft.nsfw, parentId };
    const parsed = createPostInputSchema.safeParse(input);
    if (!parsed.success) {
      setValidation(parsed.error.issues[0]?.message ?? t('compose.checkPost'));
      return;
    }
    sending.current = true;
    send.send(
      input,
      (created) => {
        // The stored draft is already cleared (by the mutation, or by the check that found the post).
        release();
        setDraft(loadDraft(account, context));
        onCreated?.(created);
      },
      () => {
        sending.current = false;
      },
    );
  }

  const { error, uncertainty } = send;
  const message = validation ?? (uncertainty ? uncertainMessage(uncertainty) : error ? failureMessage(error, parentId !== undefined) : null);

  return (
    <ComposerForm
      draft={draft}
      onChange={update}
      onSubmit={submit}
      reply={parentId !== undefined}
      label={label}
      focusOnMount={focusOnMount}
      message={message}
      invalid={validation !== null}
      sending={send.isSending}
      submitLabel={submitLabel(send.isSending, uncertainty, error !== null, parentId !== undefined)}
      onCheckAgain={uncertainty?.state === 'unknown' ? () => send.checkAgain() : undefined}
    />
  );
}
