import { showOutcome } from '../../components/ui/outcome-notice';
import { tokenStore, type TokenState } from '../../entities/account/token-store';
import { loadLaterMessages, t } from '../../i18n/i18n';
import { handleText } from '../../lib/bidi';

/**
 * "Signed out @ada. Now using @bram_stoker.": seen on the page when the account in use left the
 * list and another took over (Sign out with two accounts), not only by the header changing name.
 * Signed out altogether, the sign-in page says so. Watches from when the code that imports it
 * (the post actions, the accounts panel: off the first load) arrives.
 */
let before: TokenState | null = null;
if (typeof window !== 'undefined' && !before) {
  before = tokenStore.get();
  tokenStore.subscribe(() => {
    const was = before!;
    const now = tokenStore.get();
    before = now;
    if (!was.token || !now.token || was.token === now.token || now.accounts.some((a) => a.token === was.token)) return;
    const nameOf = (token: string) => was.accounts.find((a) => a.token === token)?.username;
    const signedOut = nameOf(was.token);
    const next = nameOf(now.token);
    if (!signedOut || !next) return;
    void loadLaterMessages().then(() =>
      showOutcome({ text: t('accounts.signedOutNowUsing', { signedOut: handleText(signedOut), now: handleText(next) }) }),
    );
  });
}
