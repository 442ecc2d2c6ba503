/**
 * Keys of what the app keeps in the browser's storage that more than one module reads: index.html's
 * inline loader (src/app/boot-loader.ts) reads these three before any of the app has run.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: the API token of the account in use (src/entities/session/token-store.ts). */
  token: 'social.api-token',
  /** sessionStorage: the blog entry dismissed in this tab (src/features/blog/components/blog-banner.tsx). */
  blogDismissed: 'social.blog-dismissed',
  /** localStorage: the interface's language, when chosen (src/i18n/i18n.ts). */
  language: 'social.language',
} as const;

/**
 * sessionStorage: every account signed in in this tab, with its token (src/entities/session/token-store.ts).
 * Not in STORAGE_KEYS: the inline loader (whose hash deploy/nginx.conf's CSP carries) never reads it.
 */
export const ACCOUNTS_KEY = 'social.accounts';

/**
 * localStorage: one account's muted accounts and words, `social.mutes:<username>`
 * (src/entities/mute/mute-store.ts); absent when the account mutes nothing. Its own export, not in
 * STORAGE_KEYS: the inline loader has no use for it.
 */
export const MUTES_KEY_PREFIX = 'social.mutes:';
/**
 * localStorage: present while some account mutes something on this browser. Before who-am-I has
 * said which account is in use (a first load after signing in), the feed waits only then.
 */
export const ANY_MUTES_KEY = 'social.mutes';

/**
 * localStorage, one key per account (this prefix + the username exactly as who-am-I gives it, URI-encoded): the ids of
 * your posts, the replies to them and which were seen (src/features/replies/replies-store.ts). Not in
 * STORAGE_KEYS: the inline loader, which carries that object, never reads it.
 */
export const REPLIES_KEY_PREFIX = 'social.replies:';
