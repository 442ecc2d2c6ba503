import { act, cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_AGAIN_MS } from '../../src/entities/account/queries';
import { ownUuidStore } from '../../src/entities/account/own-uuid';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../support/mock-backend';
import { withExtraAccount } from '../support/extra-account';
import { renderApp } from '../support/render-app';
import { handle } from '../support/handle';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const CAPITAL_ADA_TEXT = 'A post by the other Ada';

/** Another account whose username differs from ada's only in case (the mock would refuse the rename). */
function restoreWithCapitalAda() {
  const added = withExtraAccount(db.snapshot(), { uuid: 'uuid-cap-ada', token: 'tok-cap-ada', username: 'Ada', displayname: 'Ada' }, [CAPITAL_ADA_TEXT]);
  db.restore(added.snapshot);
  return added;
}

const header = () => document.querySelector<HTMLElement>('header.app-header')!;

async function goTo(route: string) {
  await act(async () => {
    window.location.hash = `#${route}`;
  });
}

describe('learning who is signed in', () => {
  it('links the header to the own profile once a post of theirs has loaded', async () => {
    const { user } = renderApp({ route: '/post/2', token: MOCK_TOKENS.ada });
    // A post by someone else teaches nothing.
    await screen.findByText(db.post(2)!.content);
    await within(header()).findByLabelText('Signed in as \u2068Ada Lovelace\u2069');
    expect(within(header()).queryByRole('link', { name: /Your profile/ })).not.toBeInTheDocument();
    expect(ownUuidStore.of('ada')).toBeNull();

    await goTo('/post/1');
    const link = await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i });
    expect(link).toHaveAttribute('href', `#/user/${MOCK_USER_IDS.ada}`);

    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    // The post that taught it is listed among theirs.
    expect(screen.getByRole('region', { name: 'Posts by \u2068Ada Lovelace\u2069 seen so far' })).toHaveTextContent(db.post(1)!.content);
  });

  it('asks who-am-I again while it fails the way a flaky network fails, until it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const faults = [
      () => HttpResponse.json({ error: true, reason: 'Injected fault' }, { status: 500 }),
      () => HttpResponse.json({ error: true, reason: 'Slow down' }, { status: 429, headers: { 'Retry-After': '1' } }),
      () => HttpResponse.error(),
    ];
    let asked = 0;
    server.use(http.patch(`${TEST_API_BASE}/v2/profile`, () => faults[asked++]?.()));
    renderApp({ route: '/post/2', token: MOCK_TOKENS.ada });
    await screen.findByText(db.post(2)!.content);
    await within(header()).findByLabelText('Signed in');
    for (let s = 0; s < 4 * ME_AGAIN_MS && asked <= faults.length; s += 1_000) await vi.advanceTimersByTimeAsync(1_000);
    await within(header()).findByLabelText('Signed in as \u2068Ada Lovelace\u2069');
    expect(asked).toBe(faults.length + 1);
  });

  it('learns from posts cached before the own profile answered', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch(`${TEST_API_BASE}/v2/profile`, async () => {
        await gate;
        return undefined;
      }),
    );
    renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await screen.findByText(db.post(1)!.content);
    expect(ownUuidStore.of('ada')).toBeNull();

    release();
    expect(await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i })).toHaveAttribute(
      'href',
      `#/user/${MOCK_USER_IDS.ada}`,
    );
  });

  it('compares usernames exactly: posts by "ada" teach nothing to an account the server calls "ADA"', async () => {
    server.use(
      http.patch(`${TEST_API_BASE}/v2/profile`, () => {
        const ada = db.user(MOCK_USER_IDS.ada)!;
        return HttpResponse.json({
          error: false,
          updated: { username: 'ADA', displayname: ada.displayname, pfp: ada.pfp, banner: ada.banner, bio: ada.bio },
        });
      }),
    );
    renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await screen.findByText(db.post(1)!.content);
    await within(header()).findByText(handle('ADA'));
    expect(ownUuidStore.of('ada')).toBeNull();
    expect(within(header()).queryByRole('link', { name: /Your profile/ })).not.toBeInTheDocument();
  });

  it('learns its own uuid, never that of an account whose username differs only in case', async () => {
    const { postIds } = restoreWithCapitalAda();
    // The other Ada's post loads first, and is the only one on the page for a while.
    renderApp({ route: `/post/${postIds[0]}`, token: MOCK_TOKENS.ada });
    await screen.findByText(CAPITAL_ADA_TEXT);
    await within(header()).findByLabelText('Signed in as \u2068Ada Lovelace\u2069');
    expect(ownUuidStore.of('ada')).toBeNull();

    await goTo('/post/1');
    expect(await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i })).toHaveAttribute(
      'href',
      `#/user/${MOCK_USER_IDS.ada}`,
    );
    expect(ownUuidStore.of('ada')).toBe(MOCK_USER_IDS.ada);
  });

  it('forgets the uuid when signing out', async () => {
    const { user } = renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i });
    await user.click(within(header()).getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    expect(ownUuidStore.of('ada')).toBeNull();
    expect(within(header()).queryByRole('link', { name: /Your profile/ })).not.toBeInTheDocument();
  });
});
