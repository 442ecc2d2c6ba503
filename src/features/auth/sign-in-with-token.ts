import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../components/ui/states';
import { meQueries } from '../../entities/account/queries';
import { tokenStore } from '../../entities/account/token-store';
import { laterText, loadLaterMessages } from '../../i18n/i18n';
import { isApiError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { ping } from '../../lib/api/ping';

export interface SignInOptions {
  /** Runs once the token is accepted, just before the session starts (and the pages change). */
  beforeSignIn?: () => void;
}

/** Checks a token with GET /v2/ping: null when the server accepts it, else why not (in words). */
export async function checkToken(token: string): Promise<string | null> {
  try {
    await ping(api(), { token });
    return null;
  } catch (err) {
    // The refusal's words load on demand (the later catalog): waited for here; where they cannot
    // load, the error's own message says it.
    await loadLaterMessages().catch(() => undefined);
    const own = errorMessage(err);
    return (
      (isApiError(err) && (err.kind === 'unauthorized' || err.kind === 'forbidden')
        ? laterText('onDemand.tokenRefused')
        : laterText('onDemand.tokenCheckFailed', { error: own })) ?? own
    );
  }
}

/**
 * Checks a token with GET /v2/ping and keeps it when the server accepts it. The returned function
 * resolves null on success, else why not.
 */
export function useSignInWithToken({ beforeSignIn }: SignInOptions = {}): (token: string) => Promise<string | null> {
  const queryClient = useQueryClient();
  return async (token) => {
    const refusal = await checkToken(token);
    if (refusal) return refusal;
    // The who-am-I key does not name the account: an answer left from an earlier session (sign-out
    // clears the cache, but nothing else would stop it) must never be shown as this person's.
    queryClient.removeQueries({ queryKey: meQueries.all() });
    beforeSignIn?.();
    tokenStore.signIn(token);
    return null;
  };
}
