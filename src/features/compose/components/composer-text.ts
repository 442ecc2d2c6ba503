import { errorMessage } from '../../../components/ui/states';
import { t } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api/api-error';
import type { Uncertainty } from '../use-send-post';

// Translated when called (at render), so the composer's re-render on a language change picks the new words.

/** A send that failed for certain: offline is said plainly (nothing left the browser). */
export function failureMessage(error: unknown, reply: boolean): string {
  if (isApiError(error) && error.kind === 'offline') return t(reply ? 'compose.offlineReply' : 'compose.offlinePost');
  return errorMessage(error);
}

const UNCERTAIN = { checking: 'compose.uncertainChecking', 'not-landed': 'compose.uncertainNotLanded', unknown: 'compose.uncertainUnknown' } as const;

/** What the composer says when the server did not confirm a send (a 5xx's words are its own fault text: left out). */
export function uncertainMessage({ state, error }: Uncertainty): string {
  const reason = error.kind == 'server' ? '' : (error.reason ?? '');
  return t(UNCERTAIN[state], { hasReason: reason ? 'yes' : 'no', reason });
}

export function submitLabel(sending: boolean, u: Uncertainty | null, failed: boolean, reply: boolean): string {
  if (u?.state === 'checking') return t('compose.checking');
  if (sending) return t('compose.sending');
  if (u?.state === 'unknown') return t('compose.sendAnyway');
  if (u?.state === 'not-landed') return t('compose.sendAgain');
  if (failed) return t('compose.retry');
  return t(reply ? 'compose.reply' : 'compose.post');
}
