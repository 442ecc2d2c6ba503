/**
 * Keys of what the app keeps in the browser's storage that more than one module reads: index.html's
 * inline loader (src/app/boot-loader.ts) reads three of these before any of the app has run.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: the API token of the account in use (src/entities/session/token-store.ts). */
  token: 'social.api-token',
  /** sessionStorage: every account signed in in this tab, with its token (src/entities/session/token-store.ts). */
  accounts: 'social.accounts',
  /** sessionStorage: the blog entry dismissed in this tab (src/features/blog/components/blog-banner.tsx). */
  blogDismissed: 'social.blog-dismissed',
  /** localStorage: the interface's language, when chosen (src/i18n/i18n.ts). */
  language: 'social.language',
} as const;
