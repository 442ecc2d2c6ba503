// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the i18n module: the suite's setup has already loaded the later text into the shared one. */
async function freshI18n() {
  vi.resetModules();
  return import('../../src/i18n/i18n');
}

describe('the later catalog', () => {
  beforeEach(() => vi.resetModules());

  it('is not in the first catalog: a later key reads as its id until loadLaterMessages', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    expect(t('app.feed')).toBe('Feed');
    expect(t('settings.title')).toBe('settings.title');
    await loadLaterMessages();
    expect(t('settings.title')).toBe('Settings');
  });

  it('text on demand (laterText): none before the later catalog, which it asks for; its words once it is here, as listeners hear', async () => {
    const { activateLocale, i18n, laterText } = await freshI18n();
    await activateLocale('en');
    const heard = vi.fn();
    i18n.on('change', heard);
    expect(laterText('onDemand.tokenExpired')).toBeNull();
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    expect(laterText('onDemand.tokenExpired')).toBe('The server did not accept your token any more. Sign in again to continue.');
    expect(laterText('app.feed')).toBe('Feed');
  });

  it("an API error's rarer words: the general words stand in until the later catalog is here, then its own", async () => {
    const { activateLocale, i18n } = await freshI18n();
    const { ApiError } = await import('../../src/lib/api/api-error');
    await activateLocale('en');
    const heard = vi.fn();
    i18n.on('change', heard);
    const error = new ApiError('conflict', { status: 409 });
    expect(error.message).toBe('Something went wrong.');
    expect(new ApiError('server', { status: 500 }).message).toBe('The server had a problem answering.');
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    expect(error.message).toBe('That conflicts with something that already exists.');
  });

  it('follows a switch of language once loaded, and a switch in flight includes it', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    const switching = activateLocale('pl');
    await loadLaterMessages();
    await switching;
    expect(t('settings.title')).toBe('Ustawienia');
    await activateLocale('ar');
    expect(t('settings.title')).toBe('الإعدادات');
    await activateLocale('en');
    expect(t('settings.title')).toBe('Settings');
  });

  it('withLaterMessages resolves to what it loaded, once the text is in', async () => {
    const { activateLocale, withLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    await expect(withLaterMessages(Promise.resolve(42))).resolves.toBe(42);
    expect(t('thread.title')).toBe('Post');
  });
});

describe('when the later catalog cannot load (offline, a deploy that removed it)', () => {
  const LATER_EN = 'virtual:i18n-catalog/en/later';
  beforeEach(() => {
    vi.resetModules();
    vi.doMock(LATER_EN, () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
  });
  afterEach(() => vi.doUnmock(LATER_EN));

  it("a refused token: the refusal is still said, in the error's own words", async () => {
    const { activateLocale, laterText } = await freshI18n();
    await activateLocale('en');
    // The server refuses the token: a 401, as GET /v2/ping answers it.
    const { configureApi } = await import('../../src/lib/api/client');
    configureApi({ baseUrl: 'https://api.example.test', getToken: () => null, fetch: async () => new Response('{}', { status: 401 }) });
    const { checkToken } = await import('../../src/features/auth/sign-in-with-token');
    await expect(checkToken('tok-not-a-real-token')).resolves.toBe('Your token was not accepted. Please sign in again.');
    expect(laterText('onDemand.tokenRefused')).toBeNull();
  });

  it("a 401 still signs the account out, and the notice says why in the first catalog's words", async () => {
    const { activateLocale } = await freshI18n();
    await activateLocale('en');
    const { tokenStore } = await import('../../src/entities/account/token-store');
    const { createAppQueryClient } = await import('../../src/app/create-app-query-client');
    const { ApiError } = await import('../../src/lib/api/api-error');
    tokenStore.signIn('tok-expired');
    const client = createAppQueryClient({ retry: false });
    await expect(
      client.fetchQuery({ queryKey: ['expired'], queryFn: () => Promise.reject(new ApiError('unauthorized', { status: 401, token: 'tok-expired' })) }),
    ).rejects.toThrow();
    await vi.waitFor(() => expect(tokenStore.get().token).toBeNull());
    expect(tokenStore.get()).toMatchObject({ accounts: [], notice: 'Your token was not accepted. Please sign in again.' });
    client.clear();
  });
});

/** Every isolate opened is closed, in order, and no embedding or override is left. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c >= '\u202a' && c <= '\u202e') return false;
    if (c >= '\u2066' && c <= '\u2068') depth += 1;
    if (c == '\u2069' && --depth < 0) return false;
  }
  return depth == 0;
}

describe('names put into messages', () => {
  beforeEach(() => vi.resetModules());

  it('are isolated: a U+202E in a name leaves the rest of "Now using …" in order', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    await loadLaterMessages();
    const notice = t('accounts.nowUsing', { name: 'Eve\u202E (admin)' });
    expect(notice).toBe('Now using \u2068Eve (admin)\u2069');
    expect(balanced(notice)).toBe(true);
    // Any name-like value, in any message and language: a PDI cannot close the isolate early either.
    await activateLocale('ar');
    const named = t('accounts.named', { name: '\u2069\u202Eeve', username: 'e\u200Bve\u202E' });
    expect(named).toContain('\u2068eve\u2069');
    expect(named.match(/\u2068/g)).toHaveLength(2);
    expect(balanced(named)).toBe(true);
  });

  it('a username as a handle shows it: without its invisible characters', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    await loadLaterMessages();
    expect(t('mute.mutedAccountDone', { username: 'a\u200Bd\u00ADmin' })).toBe('Muted @\u2068admin\u2069. Their posts are hidden; Undo brings them back, and Settings lists everyone you muted.');
    expect(t('onDemand.accountExpired', { username: '\u202Enimda' })).toBe('@\u2068nimda\u2069 was signed out: the server no longer accepts its token.');
  });

  it('only names: counts and other values go in as they are', async () => {
    const { activateLocale, loadLaterMessages, t } = await freshI18n();
    await activateLocale('en');
    await loadLaterMessages();
    expect(t('onDemand.notAPostId', { id: '12' })).toBe('"12" is not a post id.');
  });
});
