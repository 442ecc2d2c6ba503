/**
 * Keys of what the app keeps in the browser's storage that more than one module reads: index.html's
 * inline loader (src/app/boot-loader.ts) reads these three before any of the app has run.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: the API token (src/entities/session/token-store.ts). */
  token: 'social.api-token',
  /** sessionStorage: the blog entry dismissed in this tab (src/features/blog/components/blog-banner.tsx). */
  blogDismissed: 'social.blog-dismissed',
  /** localStorage: the interface's language, when chosen (src/i18n/i18n.ts). */
  language: 'social.language',
} as const;

/**
 * localStorage, one key per account (this prefix + the lower-cased username, URI-encoded): the ids of
 * your posts, the replies to them and which were seen (src/features/replies/replies-store.ts). Not in
 * STORAGE_KEYS: the inline loader, which carries that object, never reads it.
 */
export const REPLIES_KEY_PREFIX = 'social.replies:';
