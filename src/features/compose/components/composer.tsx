import { useEffect, useRef, useState } from 'react';
import type { CreatedPost, UserSummary } from '../../../lib/api/schemas';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useMe } from '../../../entities/account/use-me';
import { useAccountId } from '../../../entities/account/token-store';
import { useT } from '../../../i18n/use-t';
import { createPostInputSchema } from '../api/create-post';
import { claimComposerId, clearDraft, composerId, draftContext, draftKey, isBlankDraft, loadDraft, otherDrafts, releaseComposerId, saveDraft, type Draft } from '../../../entities/draft/draft-store';
import { useLeaveGuard } from '../use-leave-guard';
import { useSendPost } from '../use-send-post';
import { ComposerForm, type DraftFields } from './composer-form';
import { OtherDrafts } from './other-drafts';
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
  // This composer's own draft: this tab's for this context (the same after a reload), never another tab's.
  const [key, setKey] = useState(() => draftKey(context, composerId(context)));
  const [draft, setDraft] = useState(() => loadDraft(account, key));
  const [others, setOthers] = useState(() => otherDrafts(account, context, key));
  const [openedBlank] = useState(() => isBlankDraft(draft));
  const [validation, setValidation] = useState<string | null>(null);
  const sending = useRef(false);
  const send = useSendPost(parentId, author, account, key);
  const release = useLeaveGuard(!isBlankDraft(draft));
  const latest = useRef<DraftFields>(draft);

  useEffect(() => {
    latest.current = draft;
    saveDraft(account, key, draft);
  }, [account, key, draft]);

  useEffect(() => {
    // A duplicated tab came with this tab's composer id: this composer takes a fresh one, keeping what it shows.
    let live = true;
    void claimComposerId(context, key.slice(context.length + 1)).then((id) => {
      const claimed = draftKey(context, id);
      if (!live || claimed === key) return;
      setKey(claimed);
      setOthers(otherDrafts(account, context, claimed));
    });
    return () => {
      live = false;
      // Left with nothing in it: its lock goes (a composer here later claims the id again).
      if (isBlankDraft(latest.current)) releaseComposerId(key.slice(context.length + 1));
    };
  }, [account, context, key]);

  useEffect(() => {
    // The tab closing mid-word: what the last key press typed is kept even if no render followed it.
    const onPageHide = () => saveDraft(account, key, latest.current);
    // Another tab added, sent or discarded a draft in this context: the offer follows.
    const onStorage = () => setOthers(otherDrafts(account, context, key));
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('storage', onStorage);
    };
  }, [account, context, key]);

  /** Moves another draft into this composer: taken whole when nothing is typed, else added after what is. */
  function takeOther(otherKey: string) {
    const other = others.find((o) => o.key === otherKey)?.draft;
    if (!other) return;
    const next = mergeDraft(latest.current, other);
    // Saved here before the other is removed: no moment in which the text is in neither.
    saveDraft(account, key, next);
    clearDraft(account, otherKey);
    latest.current = next;
    setDraft({ ...next, savedAt: Date.now() });
    setValidation(null);
    setOthers(otherDrafts(account, context, key));
  }

  function discardOther(otherKey: string) {
    clearDraft(account, otherKey);
    setOthers(otherDrafts(account, context, key));
  }

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
        setDraft(loadDraft(account, key));
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
      before={<OtherDrafts drafts={others} openAtFirst={openedBlank} onUse={takeOther} onDiscard={discardOther} />}
    />
  );
}

function mergeDraft(own: DraftFields, other: Draft): DraftFields {
  if (isBlankDraft(own)) return { content: other.content, from: other.from, lock: other.lock, nsfw: other.nsfw };
  const content = own.content.trim() === '' ? other.content : other.content.trim() === '' ? own.content : `${own.content.trimEnd()}\n\n${other.content}`;
  return { content, from: own.from.trim() ? own.from : other.from, lock: own.lock || other.lock, nsfw: own.nsfw || other.nsfw };
}
