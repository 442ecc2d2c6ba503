/**
 * Until the account data had one home (account-data.ts), each store kept its own key per username:
 * `social.drafts:<username, URI-encoded>`, `social.replies:<username, URI-encoded>`,
 * `social.mutes:<username>` and `social.always-show-sensitive:<username>` ("true" or "false").
 * At start (app/start.tsx) each is copied once under its account's local id, then removed: an upgrade
 * loses no draft, mute, muted word, seen reply or preference. What the new home already holds for
 * that kind wins (another tab of the new version wrote it). The marker `social.mutes` ("some account
 * mutes something") goes too: that is now read from the accounts' keys (mute-core.ts).
 */
import { safeStorage } from '../../lib/safe-storage';
import { accountKey, type AccountDataKind } from './account-data';
import { identifyAccount } from './device-accounts';

const LEGACY: ReadonlyArray<[prefix: string, kind: AccountDataKind, encoded: boolean]> = [
  ['social.drafts:', 'drafts', true],
  ['social.replies:', 'replies', true],
  ['social.mutes:', 'mutes', false],
  ['social.always-show-sensitive:', 'prefs', false],
];

export function moveLegacyAccountData(): void {
  const local = safeStorage('local');
  let keys: string[];
  try {
    keys = Object.keys(window.localStorage);
  } catch {
    return;
  }
  for (const key of keys) {
    const legacy = LEGACY.find(([prefix]) => key.startsWith(prefix));
    const value = local.get(key);
    if (!legacy || value === null) continue;
    const [prefix, kind, encoded] = legacy;
    let username = key.slice(prefix.length);
    try {
      if (encoded) username = decodeURIComponent(username);
    } catch {
      // Not written by this app: left as it is.
    }
    if (username !== '') {
      const target = accountKey(identifyAccount({ username }), kind);
      if (local.get(target) === null) local.set(target, kind === 'prefs' ? JSON.stringify({ alwaysShowSensitive: value === 'true' }) : value);
    }
    local.remove(key);
  }
  local.remove('social.mutes');
}
