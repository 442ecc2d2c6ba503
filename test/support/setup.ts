import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { activateLocale, loadLaterMessages } from '../../src/i18n/i18n';
import { tokenStore } from '../../src/entities/account/token-store';
import { db, server } from './mock-backend';
import { cacheComputedStyle } from './computed-style-cache';
import { answerBaseLookups } from './base-lookup';

// What tests put on window in place of jsdom's own (test/support/feed-helpers.ts fakes scrolling):
// put back after each test, since files share a window (vite.config.ts, isolate off).
const WINDOW_STAND_INS = ['scrollY', 'pageYOffset', 'scrollTo'] as const;
const jsdomWindow =
  typeof window === 'undefined' ? [] : WINDOW_STAND_INS.map((key) => [key, Object.getOwnPropertyDescriptor(window, key)] as const);

// Two of jsdom's slow answers that Testing Library and React Router ask for on every query and link,
// kept or looked up faster, once per worker's window (files share it): computed-style-cache.ts,
// base-lookup.ts. VERIFY_JSDOM_SHORTCUTS=1 checks each answer against jsdom's own.
if (typeof window !== 'undefined') {
  const verify = process.env.VERIFY_JSDOM_SHORTCUTS === '1';
  cacheComputedStyle(window, verify);
  answerBaseLookups(window, verify);
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  if (typeof document !== 'undefined') {
    // findBy* waits up to 3 s, not 1: a lazy page's first import can take over a second when
    // the whole suite shares a loaded 2-core CI machine. A passing test waits no longer for it.
    const { configure } = await import('@testing-library/react');
    configure({ asyncUtilTimeout: 3000 });
  }
  // Tests read the English interface unless they switch language themselves (the API client's
  // error messages too, in files that run without a DOM). Pages are rendered without their lazy
  // loaders here, so the later catalog is in from the start (and follows every switch of language).
  await activateLocale('en');
  await loadLaterMessages();
});

// The feed scan's one limiter is module state, shared by the tests of a worker: a read left under way
// by a test before holds its slot, and six of them stall every later feed. Said here, where it shows,
// rather than as a feed that never loads (test/support/query-client.ts clears each test's client).
beforeEach(async () => {
  if (typeof document === 'undefined') return;
  const { scanLimiter } = await import('../../src/entities/post/scan-fetcher');
  if (scanLimiter.active + scanLimiter.queued > 0)
    throw new Error(`${scanLimiter.active} feed scan reads still under way (${scanLimiter.queued} waiting) from a test before this one: create query clients with testQueryClient()`);
});

afterEach(async () => {
  // Vitest globals are off, so Testing Library does not unmount on its own.
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    // And what the app put into the body itself, outside the rendered tree (the mute
    // announcer's live region): files share the window, and a leftover role="status" made
    // another file's findByRole('status') find two.
    document.body.replaceChildren();
  }
  server.resetHandlers();
  db.reset();
  // Absent in the node environment.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  // Module-level stores outlive a test; start each one from empty storage.
  tokenStore.signOutAll();
  // And the first-content hold (src/lib/first-content.ts): a test's sign-in holds what can wait until
  // its feed paints (2.5 s at most), and a hold left on delayed the next file's work that far (a
  // rename's record, past the 1 s its test waited). Replaced by one already over.
  const { holdUntilFirstContent } = await import('../../src/lib/first-content');
  holdUntilFirstContent(Promise.resolve(), 0);
  if (typeof window !== 'undefined') window.location.hash = '';
  for (const [key, descriptor] of jsdomWindow) {
    if (descriptor) Object.defineProperty(window, key, descriptor);
    else delete (window as unknown as Record<string, unknown>)[key];
  }
});

afterAll(() => server.close());
