import { useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useConfig } from '../../../lib/config-context';
import { safeHttpUrl } from '../../../lib/url';
import { useSignInWithToken } from '../sign-in-with-token';

interface SignInFormProps {
  onSignedIn?: () => void;
  /**
   * The person is about to sign in (something in the form took focus, or it was sent): the page
   * that follows can start loading, so it does not wait for its code after the token is accepted.
   */
  onIntent?: () => void;
  /** Runs once the token is accepted, just before the session starts. */
  beforeSignIn?: () => void;
  /** Shown above the form, e.g. why the person was signed out. */
  notice?: string | null;
  /** What is done with a token instead of signing in with it (Add account): resolves null on success, else why not. */
  signIn?: (token: string) => Promise<string | null>;
  /** The form's name and its button's words, when not "Sign in". */
  submitLabel?: string;
  children?: React.ReactNode;
}

/** A token is checked with GET /v2/ping before it is kept. */
export function SignInForm({ onSignedIn, onIntent, beforeSignIn, notice, signIn, submitLabel, children }: SignInFormProps) {
  const t = useT();
  const config = useConfig();
  const ownSignIn = useSignInWithToken({ beforeSignIn });
  const signInWithToken = signIn ?? ownSignIn;
  const label = submitLabel ?? t('auth.signIn');
  const inputId = useId();
  const errorId = useId();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const applyUrl = safeHttpUrl(config.tokenApplicationUrl);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    onIntent?.();
    if (checking) return;
    const candidate = token.trim();
    if (!candidate) {
      setError(t('auth.tokenMissing'));
      field.current?.focus();
      return;
    }
    setChecking(true);
    setError(null);
    const refusal = await signInWithToken(candidate);
    setChecking(false);
    if (refusal) {
      setError(refusal);
      // The busy (disabled) button dropped the focus to the page: back to the field the error names.
      field.current?.focus();
    } else onSignedIn?.();
  }

  return (
    <form className="card sign-in-form" onSubmit={submit} onFocus={onIntent} noValidate aria-label={label}>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <label htmlFor={inputId}>{t('auth.tokenLabel')}</label>
      <input
        ref={field}
        id={inputId}
        name="token"
        type="password"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={checking} aria-busy={checking}>
          {checking ? t('auth.checking') : label}
        </button>
        {applyUrl && (
          <a href={applyUrl} target="_blank" rel="noreferrer noopener">
            {t('auth.applyToken')}
          </a>
        )}
      </div>
      <p className="hint">{t('auth.tokenHint')}</p>
      {children}
    </form>
  );
}
