import { useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { Handle } from '../../../components/ui/handle';
import { addMutedWord, announce, MAX_WORD_LENGTH, removeMutedWord, unmuteAccount, useMutes, type AddWordResult } from '../../../entities/mute/mute-store';

/**
 * Settings › Muting: the muted accounts with "Unmute", and the muted words (a field and Add, a
 * list with Remove). Everything is kept for the account in use, in this browser only.
 */
export function MuteSettings() {
  const t = useT();
  const { account, mutes } = useMutes();
  if (!account) return <p className="hint">{t('mute.signedOut')}</p>;
  return (
    <>
      <p className="hint">{t('mute.sectionHint')}</p>
      <MutedAccounts account={account} accounts={mutes.accounts} />
      <MutedWords account={account} words={mutes.words} />
    </>
  );
}

function MutedAccounts({ account, accounts }: { account: string; accounts: ReturnType<typeof useMutes>['mutes']['accounts'] }) {
  const t = useT();
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} tabIndex={-1}>
        {t('mute.accountsTitle')}
      </h3>
      {accounts.length === 0 ? (
        <p className="hint">{t('mute.accountsEmpty')}</p>
      ) : (
        <ul ref={listRef} className="mute-list" aria-label={t('mute.accountsCount', { count: accounts.length })}>
          {accounts.map((muted, index) => (
            <li key={muted.uuid}>
              <Handle className="handle" username={muted.username} />
              <button
                type="button"
                className="button"
                onClick={() => {
                  unmuteAccount(account, muted.uuid);
                  announce(t('mute.unmutedAccountDone', { username: muted.username }));
                  focusAfterRemoval(listRef.current, index, titleId);
                }}
              >
                {t('mute.unmuteAccount', { username: muted.username })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const WORD_ERRORS: Record<Exclude<AddWordResult, 'added'>, 'mute.wordEmpty' | 'mute.wordDuplicate' | 'mute.wordTooLong'> = {
  empty: 'mute.wordEmpty',
  duplicate: 'mute.wordDuplicate',
  'too-long': 'mute.wordTooLong',
};

function MutedWords({ account, words }: { account: string; words: readonly string[] }) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<{ key: (typeof WORD_ERRORS)[keyof typeof WORD_ERRORS]; word: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('mute.wordsTitle')}</h3>
      <form
        className="mute-word-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const result = addMutedWord(account, draft);
          if (result === 'added') {
            announce(t('mute.wordAdded', { word: draft.trim() }));
            setDraft('');
            setError(null);
          } else {
            // What was typed stays, to be corrected.
            setError({ key: WORD_ERRORS[result], word: draft.trim() });
          }
          inputRef.current?.focus();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-word`}>{t('mute.wordLabel')}</label>
          <input
            ref={inputRef}
            id={`${id}-word`}
            type="text"
            dir="auto"
            value={draft}
            maxLength={MAX_WORD_LENGTH * 2}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setDraft(event.target.value);
              if (error) setError(null);
            }}
          />
        </div>
        <button type="submit" className="button">
          {t('mute.add')}
        </button>
      </form>
      <p id={`${id}-hint`} className="hint">
        {t('mute.wordHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(error.key, { word: error.word, max: MAX_WORD_LENGTH })}
        </p>
      )}
      {words.length === 0 ? (
        <p className="hint">{t('mute.wordsEmpty')}</p>
      ) : (
        <ul ref={listRef} className="mute-list" aria-label={t('mute.wordsCount', { count: words.length })}>
          {words.map((word, index) => (
            <li key={word}>
              <span dir="auto">{word}</span>
              <button
                type="button"
                className="button"
                aria-label={t('mute.removeWordLabel', { word })}
                onClick={() => {
                  removeMutedWord(account, word);
                  announce(t('mute.wordRemoved', { word }));
                  focusAfterRemoval(listRef.current, index, `${id}-word`);
                }}
              >
                {t('mute.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** After a row's removal: focus the button of the row now in its place (or the one before), else `fallbackId`. */
function focusAfterRemoval(list: HTMLUListElement | null, index: number, fallbackId: string) {
  // Once React has removed the row (it renders at the end of the click).
  setTimeout(() => {
    const rows = list?.isConnected ? list.querySelectorAll<HTMLElement>('li button') : [];
    (rows[index] ?? rows[index - 1] ?? document.getElementById(fallbackId))?.focus();
  });
}
