import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { loadPostActions } from '../route-modules';
import { accountOf, useAccountId } from '../../entities/account/token-store';
import { useLocale, useT, type Translate } from '../../i18n/use-t';
import { handleText } from '../../lib/bidi';
import type { DataFile, DataFileError, ImportCounts } from './device-data';
import '../../features/settings/settings.css';

/**
 * Settings → "This device's data": Export downloads the account in use's data as one file; "Import
 * data" (a file input) merges such a file into it, asking first when the file is another account's.
 * The code that reads, checks and writes (device-data.ts, with zod) loads when one of them is used.
 * Every outcome is said on the page, in text (a status, or an alert when nothing changed).
 */
export function DeviceDataSection() {
  const t = useT();
  const account = useAccountId();
  const titleId = useId();
  const username = account ? accountOf()?.username : undefined;
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.dataSection')}</h2>
      {account && username ? (
        // Keyed by the account: what was said (or asked) was about the one in use then.
        <DeviceData key={account} account={account} owner={{ username, uuid: accountOf()?.uuid }} />
      ) : (
        <p className="hint">{t('settings.dataSignedOut')}</p>
      )}
    </section>
  );
}

/** What the section says after an action. */
export type DeviceDataState =
  | { kind: 'idle' }
  | { kind: 'exported'; file: string }
  | { kind: 'imported'; counts: ImportCounts }
  | { kind: 'asking'; file: DataFile }
  | { kind: 'cancelled' }
  | { kind: 'error'; error: DataFileError | 'load' };

// Through the post actions' chunk (post-actions.tsx says why); usually loaded already.
const load = () => loadPostActions().then((m) => m.loadDeviceData());

function DeviceData({ account, owner }: { account: string; owner: { username: string; uuid?: string } }) {
  const [state, setState] = useState<DeviceDataState>({ kind: 'idle' });
  const busy = useRef(false);
  const refs: FocusRefs = { input: useRef(null), message: useRef(null), answer: useRef(null) };
  // Where focus goes once the next state is on the page: the question's first answer when it is
  // asked; after it, the outcome (Import anyway) or the file input again (Cancel). In the commit that
  // shows it (a layout effect): a passive effect ran a task later, and in between the focus was on the
  // page's body, the pressed answer gone with its question.
  const focusNext = useRef<keyof FocusRefs | null>(null);
  useLayoutEffect(() => {
    const target = state.kind === 'asking' ? 'answer' : focusNext.current;
    focusNext.current = null;
    if (target) refs[target].current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs are stable; the state's change is the reason
  }, [state]);

  /** Runs one action at a time; the module's failure to load is said, nothing changed. */
  const run = async (action: (module: Awaited<ReturnType<typeof load>>) => DeviceDataState | Promise<DeviceDataState>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      setState(await action(await load()));
    } catch {
      setState({ kind: 'error', error: 'load' });
    } finally {
      busy.current = false;
    }
  };

  const onExport = () =>
    void run(({ exportFile }) => {
      const { name, json } = exportFile(account, owner);
      download(name, json);
      return { kind: 'exported', file: name };
    });

  const onFile = (file: File) =>
    void run(async ({ readDataFile, importData, isOwnFile }) => {
      const read = await readDataFile(file);
      if (!read.ok) return { kind: 'error', error: read.error };
      if (!isOwnFile(read.file, owner)) return { kind: 'asking', file: read.file };
      return { kind: 'imported', counts: importData(account, read.file) };
    });

  const onAnswer = (importAnyway: boolean) => {
    if (state.kind !== 'asking') return;
    if (!importAnyway) {
      focusNext.current = 'input';
      setState({ kind: 'cancelled' });
      return;
    }
    const { file } = state;
    focusNext.current = 'message';
    void run(({ importData }) => ({ kind: 'imported', counts: importData(account, file) }));
  };

  return (
    <DeviceDataView
      username={owner.username}
      state={state}
      onExport={onExport}
      onFile={onFile}
      onAnswer={onAnswer}
      refs={refs}
    />
  );
}

/** A Blob behind an object URL (a blob: URL on the page's own origin: nothing leaves the page), clicked as a download. */
function download(name: string, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface FocusRefs {
  input: RefObject<HTMLInputElement | null>;
  message: RefObject<HTMLParagraphElement | null>;
  answer: RefObject<HTMLButtonElement | null>;
}

interface ViewProps {
  username: string;
  state: DeviceDataState;
  onExport(): void;
  onFile(file: File): void;
  onAnswer(importAnyway: boolean): void;
  /** What the section moves focus to (the gallery moves none). */
  refs?: FocusRefs;
}

const ERRORS = {
  'too-big': 'settings.dataErrorTooBig',
  'not-json': 'settings.dataErrorNotJson',
  version: 'settings.dataErrorVersion',
  invalid: 'settings.dataErrorInvalid',
  unreadable: 'settings.dataErrorRead',
  load: 'settings.dataErrorLoad',
} as const;

/** The section as it looks in each state (the states gallery shows them). */
export function DeviceDataView({ username, state, onExport, onFile, onAnswer, refs }: ViewProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const error = state.kind === 'error' ? state.error : null;
  const message = state.kind === 'exported' || state.kind === 'imported' || state.kind === 'cancelled' ? statusText(t, locale, state, username) : '';
  return (
    <div className="device-data">
      <p className="hint">{t('settings.dataHint', { username })}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onExport}>
          {t('settings.dataExport')}
        </button>
      </div>
      <div className="field device-data-import">
        <label htmlFor={`${id}-file`}>{t('settings.dataImportLabel')}</label>
        <input
          ref={refs?.input}
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Emptied, so that choosing the same file again is a change too.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <p id={`${id}-hint`} className="hint">
          {t('settings.dataImportHint', { username })}
        </p>
      </div>
      {state.kind === 'asking' && (
        <div className="notice device-data-question" role="group" aria-labelledby={`${id}-question`}>
          {/* t() isolates {name} (a bidi control in it reorders nothing); shown as a handle shows it. */}
          <p id={`${id}-question`}>{t('settings.dataOtherAccount', { name: handleText(state.file.account.username), username })}</p>
          <div className="form-actions">
            <button ref={refs?.answer} type="button" className="button button-primary" onClick={() => onAnswer(true)}>
              {t('settings.dataImportAnyway')}
            </button>
            <button type="button" className="button" onClick={() => onAnswer(false)}>
              {t('settings.dataCancel')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(ERRORS[error], { supported: 1 })}
        </p>
      )}
      {/* Always in the page, so that what is put in it is announced; seen too, not only heard. */}
      <p ref={refs?.message} className={message ? 'notice' : undefined} role="status" tabIndex={-1}>
        {message}
      </p>
    </div>
  );
}

function statusText(t: Translate, locale: string, state: DeviceDataState, username: string): string {
  if (state.kind === 'exported') return t('settings.dataExported', { file: state.file });
  if (state.kind === 'cancelled') return t('settings.dataCancelled');
  if (state.kind !== 'imported') return '';
  const { counts } = state;
  const parts = [
    counts.saved && t('settings.dataAddedSaved', { count: counts.saved }),
    counts.mutedAccounts && t('settings.dataAddedMutedAccounts', { count: counts.mutedAccounts }),
    counts.mutedWords && t('settings.dataAddedMutedWords', { count: counts.mutedWords }),
    counts.drafts && t('settings.dataAddedDrafts', { count: counts.drafts }),
    counts.replies && t('settings.dataAddedReplies', { count: counts.replies }),
    counts.lastSeen && t('settings.dataAddedLastSeen'),
    counts.prefs && t('settings.dataAddedPrefs'),
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  if (parts.length === 0) return t('settings.dataImportedNothing', { username });
  return t('settings.dataImported', { list: new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts) });
}
