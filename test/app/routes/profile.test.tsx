import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { postQueries } from '../../../src/entities/post/queries';
import { ownUuidStore } from '../../../src/entities/account/own-uuid';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { withExtraAccount } from '../../support/extra-account';
import { renderApp } from '../../support/render-app';
import { handle } from '../../support/handle';

const ADA = MOCK_USER_IDS.ada;

function profileOf(heading: HTMLElement): HTMLElement {
  const section = heading.closest('section');
  if (!section) throw new Error('The h1 is not inside the profile section');
  return section;
}

async function openProfile(uuid: string, token: string = MOCK_TOKENS.ada) {
  const app = renderApp({ route: `/user/${encodeURIComponent(uuid)}`, token });
  const heading = await screen.findByRole('heading', { level: 1, name: db.user(uuid)?.displayname });
  return { ...app, heading, profile: profileOf(heading) };
}

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

describe('profile page', () => {
  it('shows banner, avatar, names, pronouns, badges, bio and joined date, with exactly one h1', async () => {
    const { profile } = await openProfile(ADA);
    const ada = db.user(ADA)!;

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(profile).getByText(handle('ada'))).toBeInTheDocument();
    expect(within(profile).getByText(ada.bio)).toBeInTheDocument();
    expect(within(profile).getByText('she/her')).toBeInTheDocument();
    expect(within(profile).getByText('early-adopter')).toBeInTheDocument();
    // special_badge is a list of { name or label, color }: the names are the badges, the colours tint them.
    expect(within(profile).getByText('Staff')).toBeInTheDocument();
    expect(within(profile).getByText('Founder')).toBeInTheDocument();
    expect(within(profile).queryByText('NSFW profile')).not.toBeInTheDocument();
    expect(within(profile).queryByText('Private account')).not.toBeInTheDocument();

    const joined = profile.querySelector('time');
    expect(joined).toHaveAttribute('dateTime', new Date(ada.joined * 1000).toISOString());

    const images = Array.from(profile.querySelectorAll('img'));
    expect(images.map((img) => img.getAttribute('src'))).toEqual([ada.pfp, ada.banner]);
    for (const img of images) expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('shows a loading skeleton until the user arrives', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${TEST_API_BASE}/v2/user/:uuid`, async () => {
        await gate;
        return undefined;
      }),
    );
    renderApp({ route: `/user/${ADA}`, token: MOCK_TOKENS.ada });
    await screen.findByText('Loading profile…');
    release();
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.queryByText('Loading profile…')).not.toBeInTheDocument();
  });

  it('lists the cached posts by this person, newest first, and updates as more are loaded', async () => {
    const { queryClient, profile } = await openProfile(ADA);
    expect(screen.getByRole('heading', { level: 2, name: 'Posts by \u2068Ada Lovelace\u2069 seen so far' })).toBeInTheDocument();
    expect(screen.getByText('No posts by this person seen yet')).toBeInTheDocument();
    expect(screen.getByText(/only posts already loaded/)).toBeInTheDocument();

    // What the feed and threads do: fill the per-post cache entries.
    await Promise.all(['1', '2', '5', '19'].map((id) => queryClient.fetchQuery(postQueries.detail(id))));

    const list = screen.getByRole('region', { name: 'Posts by \u2068Ada Lovelace\u2069 seen so far' });
    const articles = await within(list).findAllByRole('article');
    expect(articles.map((a) => a.getAttribute('data-post-id'))).toEqual(['19', '5', '1']);
    expect(within(list).queryByText(db.post(2)!.content)).not.toBeInTheDocument();
    expect(screen.queryByText('No posts by this person seen yet')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(profile).toBeInTheDocument();
  });

  it('takes the avatar from a cached author summary when the user object has no pfp (Draft 4)', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v2/user/:uuid`, async ({ params }) => {
        const user = db.user(String(params.uuid))!;
        const { token: _token, pfp: _pfp, ...rest } = user;
        return HttpResponse.json({ error: false, user: { ...rest } });
      }),
    );
    const { queryClient, profile } = await openProfile(ADA);
    expect(profile.querySelector('img.avatar')).toBeNull();

    await queryClient.fetchQuery(postQueries.detail('1'));
    await screen.findAllByRole('article');
    expect(profile.querySelector('img.avatar')).toHaveAttribute('src', db.user(ADA)!.pfp);
  });

  it('hides the bio and banner of an nsfw profile until revealed', async () => {
    const { profile, user } = await openProfile(MOCK_USER_IDS.bram, MOCK_TOKENS.bram);
    const bram = db.user(MOCK_USER_IDS.bram)!;
    expect(within(profile).getByText('NSFW profile')).toBeInTheDocument();
    expect(within(profile).queryByText(bram.bio)).not.toBeInTheDocument();
    expect(profile.querySelector('.profile-banner')).toBeNull();
    // Badges and pronouns arrive as arrays.
    expect(within(profile).getByText('night-owl')).toBeInTheDocument();
    expect(within(profile).getByText('beta-tester')).toBeInTheDocument();
    expect(within(profile).getByText('he/him')).toBeInTheDocument();

    await user.click(within(profile).getByRole('button', { name: 'Show profile details' }));
    expect(within(profile).getByText(bram.bio)).toBeInTheDocument();
    // An empty banner URL: nothing revealed in its place (no empty grey banner).
    expect(profile.querySelector('.profile-banner')).toBeNull();
  });

  it('labels a private profile', async () => {
    const { profile } = await openProfile(MOCK_USER_IDS.chen);
    expect(within(profile).getByText('Private account')).toBeInTheDocument();
    expect(within(profile).getByText('they/them')).toBeInTheDocument();
    expect(within(profile).getByText('Supporter')).toBeInTheDocument();
  });

  it('shows hostile fields as text and loads no image from javascript: or data: URLs', async () => {
    const { profile } = await openProfile(MOCK_USER_IDS.mallory);
    const mallory = db.user(MOCK_USER_IDS.mallory)!;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(mallory.displayname);
    expect(within(profile).getByText(mallory.bio)).toBeInTheDocument();
    expect(within(profile).getByText('<b>admin</b>')).toBeInTheDocument();
    // special_badge { '<script>': '<script>alert(1)</script>' }: compact text, not an object dump.
    expect(within(profile).getByText('<script>: <script>alert(1)</script>')).toBeInTheDocument();
    expect(profile.querySelector('.profile-facts')?.textContent).not.toMatch(/[{}"]/);
    expect(profile.querySelectorAll('img, script, a[href^="javascript"], b')).toHaveLength(0);
    expect(profile.querySelector('.profile-banner-placeholder')).not.toBeNull();
  });

  it('shows a badge given as { name, color } as its name, tinted, and never the colour as text', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v2/user/:uuid`, () => {
        const { token: _token, ...ada } = db.user(ADA)!;
        return HttpResponse.json({ error: false, user: { ...ada, special_badge: { name: 'Founder', color: '#ffaa00' } } });
      }),
    );
    const { profile } = await openProfile(ADA);
    const founder = within(profile).getByText('Founder');
    expect(within(profile).queryByText(/#ffaa00/i)).not.toBeInTheDocument();
    expect(profile).not.toHaveTextContent(/ffaa00/i);
    expect(founder).toHaveClass('badge-tinted');
    // The light and dark colours are contrast-checked values of its own (test/profile/badge-shape.test.ts).
    expect(founder.style.getPropertyValue('--tint-fg')).toMatch(/^#[0-9a-f]{6}$/);
    expect(founder.style.getPropertyValue('--tint-fg-dark')).toBe('#ffaa00');
  });

  it('offers "Edit profile" on your own profile only', async () => {
    const { profile, user } = await openProfile(ADA);
    const edit = await within(profile).findByRole('link', { name: 'Edit profile' });
    await user.click(edit);
    await screen.findByRole('form', { name: 'Edit profile' });
    cleanup();

    const other = await openProfile(MOCK_USER_IDS.dalia);
    expect(within(other.profile).getByText(handle('dalia_n'))).toBeInTheDocument();
    expect(within(other.profile).queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('offers no "Edit profile" on the profile of an account whose username differs only in case', async () => {
    const { snapshot } = withExtraAccount(db.snapshot(), { uuid: 'uuid-cap-ada', token: 'tok-cap-ada', username: 'Ada', displayname: 'The other Ada' }, []);
    db.restore(snapshot);
    const { profile } = await openProfile('uuid-cap-ada');
    // Who-am-I has answered (ada's own handle in the header); her uuid is not known yet.
    await screen.findByLabelText('Signed in as \u2068Ada Lovelace\u2069');
    expect(ownUuidStore.of('ada')).toBeNull();
    expect(within(profile).queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('says plainly when there is no such user', async () => {
    renderApp({ route: '/user/no-such-uuid', token: MOCK_TOKENS.ada });
    await screen.findByRole('heading', { level: 1, name: 'No such user' });
    expect(screen.getByText('no-such-uuid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '#/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other errors with a retry that works', async () => {
    server.use(http.get(`${TEST_API_BASE}/v2/user/:uuid`, () => HttpResponse.json({ error: true, reason: 'Database on fire' }, { status: 500 }), { once: true }));
    const { user } = renderApp({ route: `/user/${ADA}`, token: MOCK_TOKENS.ada });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this profile');
    expect(alert).toHaveTextContent('The server had a problem answering.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  });

  it('needs sign-in', async () => {
    renderApp({ route: `/user/${ADA}` });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(window.location.hash).toBe(`#/sign-in?next=${encodeURIComponent(`/user/${ADA}`)}`);
  });
});

describe('profile page accessibility', () => {
  it('has no axe violations, loaded with posts and with the gate closed', async () => {
    const { default: axe } = await import('axe-core');
    const { queryClient } = await openProfile(MOCK_USER_IDS.bram, MOCK_TOKENS.ada);
    await Promise.all(['2', '11'].map((id) => queryClient.fetchQuery(postQueries.detail(id))));
    await screen.findAllByRole('article');
    const main = document.getElementById('main')!;
    // jsdom does no layout: contrast is checked in the real-browser tests.
    const result = await axe.run(main, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
