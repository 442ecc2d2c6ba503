/**
 * Keys of what the app keeps in the browser's storage that more than one module reads: index.html's
 * inline loader (src/app/boot-loader.ts) reads these before any of the app has run.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: the API token of the account in use (src/entities/account/token-store.ts). */
  token: 'social.api-token',
  /** sessionStorage: the blog entry dismissed in this tab (src/features/blog/components/blog-banner.tsx). */
  blogDismissed: 'social.blog-dismissed',
  /** localStorage: the interface's language, when chosen (src/i18n/i18n.ts). */
  language: 'social.language',
  /** localStorage: the highest post id this browser has seen (src/entities/post/known-head.ts). */
  knownHead: 'social.highest-id',
} as const;

/**
 * sessionStorage: every account signed in in this tab, with its token (src/entities/account/token-store.ts).
 * Not in STORAGE_KEYS: the inline loader (whose hash deploy/nginx.conf's CSP carries) never reads it.
 */
export const ACCOUNTS_KEY = 'social.accounts';

/*
 * Every per-account key on this device (drafts, mutes, replies, preferences) is named by one module,
 * src/entities/account/account-data.ts: `social.account:<local id>:<kind>`, with the accounts seen on
 * this device under `social.device-accounts`. README, "Where the data lives", lists them all.
 */
