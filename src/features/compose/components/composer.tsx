import { useEffect, useRef, useState } from 'react';
import type { CreatedPost, UserSummary } from '../../../lib/api/schemas';
import { createPostInputSchema } from '../api/create-post';
import { useSendPost } from '../api/use-send-post';
import { draftContext, isBlankDraft, loadDraft, saveDraft } from '../draft-store';
import { useLeaveGuard } from '../use-leave-guard';
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

export function Composer({ parentId, author, onCreated, focusOnMount, label }: ComposerProps) {
  const context = draftContext(parentId);
  const [draft, setDraft] = useState(() => loadDraft(context));
  const [validation, setValidation] = useState<string | null>(null);
  const sending = useRef(false);
  const send = useSendPost(parentId, author);
  const release = useLeaveGuard(!isBlankDraft(draft));

  useEffect(() => saveDraft(context, draft), [context, draft]);

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
      setValidation(parsed.error.issues[0]?.message ?? 'Check the post.');
      return;
    }
    sending.current = true;
    send.send(
      input,
      (created) => {
        // The stored draft is already cleared (by the mutation, or by the check that found the post).
        release();
        setDraft(loadDraft(context));
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
      label={label ?? (parentId ? 'Write a reply' : 'Write a post')}
      focusOnMount={focusOnMount}
      message={message}
      invalid={validation !== null}
      sending={send.isSending}
      submitLabel={submitLabel(send.isSending, uncertainty, error !== null, parentId !== undefined)}
      onCheckAgain={uncertainty?.state === 'unknown' ? () => send.checkAgain() : undefined}
    />
  );
}
