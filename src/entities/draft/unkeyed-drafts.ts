/**
 * Until drafts were kept per account they sat under `social.draft.new` and
 * `social.draft.reply:<id>`, whoever wrote them. Nothing says whose they are, so showing one to
 * anybody could hand one person's unsent text to the next person on a shared computer; and left
 * in place they would stay on the device for good. So they are deleted: at start (app/start.tsx), and
 * whenever a composer opens or drafts are counted (a few keys to look at, and it covers a page
 * that never ran start, such as a test). Its own small module: app/start.tsx needs none of the store.
 */
const LEGACY_PREFIX = 'social.draft.';

export function forgetUnkeyedDrafts(): void {
  try {
    const store = window.localStorage;
    const legacy: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(LEGACY_PREFIX)) legacy.push(key);
    }
    for (const key of legacy) store.removeItem(key);
  } catch {
    // Storage unavailable: then nothing was kept there either.
  }
}
