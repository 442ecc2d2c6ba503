import { act, cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ownUuidStore } from '../../src/entities/session/own-uuid';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

afterEach(() => cleanup());

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
    expect(await screen.findByText(db.post(2)!.content)).toBeInTheDocument();
    expect(await within(header()).findByLabelText('Signed in as Ada Lovelace')).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: /Your profile/ })).not.toBeInTheDocument();
    expect(ownUuidStore.of('ada')).toBeNull();

    await goTo('/post/1');
    const link = await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i });
    expect(link).toHaveAttribute('href', `#/user/${MOCK_USER_IDS.ada}`);

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    // The post that taught it is listed among theirs.
    expect(screen.getByRole('region', { name: 'Posts by Ada Lovelace seen so far' })).toHaveTextContent(db.post(1)!.content);
  });

  it('learns from posts cached before the own profile answered, and compares usernames case-insensitively', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch(`${TEST_API_BASE}/v2/profile`, async () => {
        await gate;
        const ada = db.user(MOCK_USER_IDS.ada)!;
        return HttpResponse.json({
          error: false,
          updated: { username: 'ADA', displayname: ada.displayname, pfp: ada.pfp, banner: ada.banner, bio: ada.bio },
        });
      }),
    );
    renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    expect(await screen.findByText(db.post(1)!.content)).toBeInTheDocument();
    expect(ownUuidStore.of('ada')).toBeNull();

    release();
    expect(await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i })).toHaveAttribute(
      'href',
      `#/user/${MOCK_USER_IDS.ada}`,
    );
  });

  it('forgets the uuid when signing out', async () => {
    const { user } = renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await within(header()).findByRole('link', { name: /^Your profile:\s*Ada Lovelace\s*@ada$/i });
    await user.click(within(header()).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    expect(ownUuidStore.of('ada')).toBeNull();
    expect(within(header()).queryByRole('link', { name: /Your profile/ })).not.toBeInTheDocument();
  });
});
