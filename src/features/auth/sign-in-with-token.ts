import { errorMessage } from '../../components/ui/states';
import { isApiError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { ping } from '../../lib/api/ping';
import { tokenStore } from '../../entities/session/token-store';

/** Checks a token with GET /v2/ping and keeps it when the server accepts it. Null on success, else why not. */
export async function signInWithToken(token: string): Promise<string | null> {
  try {
    await ping(api(), { token });
  } catch (err) {
    return isApiError(err) && (err.kind === 'unauthorized' || err.kind === 'forbidden')
      ? 'The server did not accept this token. Check that you copied all of it.'
      : `Could not check the token: ${errorMessage(err)}`;
  }
  tokenStore.signIn(token);
  return null;
}
