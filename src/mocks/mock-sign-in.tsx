import { useId, useState } from 'react';
import { mockSignInUsers } from './mock-users';

interface MockSignInProps {
  /** Checks and keeps a token the way a pasted one is; resolves to why it was refused, or null. */
  signIn: (token: string) => Promise<string | null>;
}

/**
 * The mock's seed users as sign-in buttons, so a reader of the preview needs no token. Loaded
 * lazily by app/mock-sign-in-slot.tsx in mock mode only; it imports nothing of the app, so the
 * app's chunks stay as they are.
 */
export function MockSignIn({ signIn }: MockSignInProps) {
  const [users] = useState(mockSignInUsers);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  async function signInAs(token: string) {
    setBusy(true);
    setError(null);
    const refusal = await signIn(token);
    setBusy(false);
    setError(refusal);
  }

  return (
    // English only (the mock is for designers), so marked as English, left to right: on an Arabic page
    // "Sign in as Ada Lovelace (ada)" was drawn "(ada) Ada Lovelace Sign in as".
    <div className="mock-sign-in" role="group" aria-labelledby={titleId} lang="en" dir="ltr">
      <p id={titleId} className="hint">
        Mock backend: sign in as one of its users, no token needed.
      </p>
      <div className="form-actions">
        {users.map((user) => (
          <button key={user.username} type="button" className="button" disabled={busy} onClick={() => void signInAs(user.token)}>
            Sign in as <bdi>{user.name}</bdi> ({user.username})
          </button>
        ))}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
