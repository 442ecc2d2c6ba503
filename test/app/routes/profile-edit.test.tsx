import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueries } from '../../../src/entities/account/queries';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { field, header, PROFILE_URL, saveButton, spyOnProfileUpdates } from '../../support/profile-edit-helpers';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const ADA = MOCK_USER_IDS.ada;
const URL_ERROR = 'Use an http:// or https:// address, or leave it empty.';

async function openEdit(token: string = MOCK_TOKENS.ada) {
  const app = renderApp({ route: '/profile/edit', token });
  const form = await screen.findByRole('form', { name: 'Edit profile' });
  // The header has a status of its own (API online): look for messages inside the form.
  return { ...app, form };
}

describe('profile edit', () => {
  it('is reached from the account area of the header, on any page', async () => {
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    await user.click(await within(header()).findByRole('link', { name: 'Edit profile' }));
    await screen.findByRole('form', { name: 'Edit profile' });
    expect(field('Display name')).toHaveValue('Ada Lovelace');
  });

  it('is prefilled with the current profile', async () => {
    await openEdit();
    const ada = db.user(ADA)!;
    expect(field('Username')).toHaveValue(ada.username);
    expect(field('Display name')).toHaveValue(ada.displayname);
    expect(field('Avatar URL')).toHaveValue(ada.pfp);
    expect(field('Banner URL')).toHaveValue(ada.banner);
    expect(field('Bio')).toHaveValue(ada.bio);
  });

  it('sends only the display name when only that changed, and the header shows it', async () => {
    const edits = spyOnProfileUpdates();
    const before = db.user(ADA)!;
    const { user, form } = await openEdit();
    await within(header()).findByText('Ada Lovelace');

    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'Countess of Lovelace');
    await user.click(saveButton());

    expect(await within(form).findByRole('status')).toHaveTextContent('Profile saved.');
    expect(edits).toHaveLength(1);
    const [body] = edits;
    expect(body?.displayname).toBe('Countess of Lovelace');
    for (const other of ['username', 'pfp', 'banner', 'bio'] as const) expect(body?.[other] ?? null).toBeNull();
    expect(Object.values(body ?? {})).not.toContain('');
    expect(db.user(ADA)).toEqual({ ...before, displayname: 'Countess of Lovelace' });
    await within(header()).findByText('Countess of Lovelace');
    expect(within(header()).queryByText('Ada Lovelace')).toBeNull();
  });

  it('sends "" for a bio cleared on purpose, and nothing else', async () => {
    const edits = spyOnProfileUpdates();
    const { user, form } = await openEdit();

    await user.clear(field('Bio'));
    await user.click(saveButton());

    expect(await within(form).findByRole('status')).toHaveTextContent('Profile saved.');
    expect(edits).toEqual([{ username: null, displayname: null, pfp: null, banner: null, bio: '' }]);
    expect(db.user(ADA)?.bio).toBe('');
    expect(db.user(ADA)?.displayname).toBe('Ada Lovelace');
  });

  it('sends nothing when nothing changed, and says so (not "saved", which nothing was)', async () => {
    const edits = spyOnProfileUpdates();
    const { user, form } = await openEdit();
    await user.click(saveButton());
    expect(await within(form).findByRole('status')).toHaveTextContent('Nothing to save: the profile already has these values.');
    expect(edits).toEqual([]);
  });

  it('typing what the profile already holds (saved before) sends nothing and says why', async () => {
    const edits = spyOnProfileUpdates();
    const { user, form } = await openEdit();
    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'Ada Lovelace');
    await user.click(saveButton());
    expect(await within(form).findByRole('status')).toHaveTextContent('Nothing to save: the profile already has these values.');
    expect(edits).toEqual([]);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,iVBORw0KGgo='],
  ])('refuses a %s avatar URL before sending, next to the field', async (_, url) => {
    const edits = spyOnProfileUpdates();
    const stored = db.user(ADA)?.pfp;
    const { user, form } = await openEdit();

    await user.clear(field('Avatar URL'));
    await user.type(field('Avatar URL'), url);
    await user.click(saveButton());

    expect(await within(form).findByRole('alert')).toHaveTextContent(URL_ERROR);
    expect(field('Avatar URL')).toHaveAccessibleDescription(URL_ERROR);
    expect(field('Avatar URL')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Avatar URL')).toHaveValue(url);
    expect(screen.getByLabelText('Avatar preview').querySelector('img')).toBeNull();
    expect(edits).toEqual([]);
    expect(db.user(ADA)?.pfp).toBe(stored);
  });

  it('does not block other changes on an unsafe image URL the profile already holds', async () => {
    // mallory's stored avatar and banner are javascript: and data: URLs.
    const edits = spyOnProfileUpdates();
    const { user, form } = await openEdit(MOCK_TOKENS.mallory);

    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'Mallory');
    await user.click(saveButton());

    expect(await within(form).findByRole('status')).toHaveTextContent('Profile saved.');
    expect(edits).toEqual([{ username: null, displayname: 'Mallory', pfp: null, banner: null, bio: null }]);
    expect(screen.getByLabelText('Avatar preview').querySelector('img')).toBeNull();
  });

  it('previews a valid https avatar URL as it is typed', async () => {
    const { user } = await openEdit();
    const url = 'https://images.example.org/new-face.png';

    await user.clear(field('Avatar URL'));
    await user.type(field('Avatar URL'), url);

    const preview = screen.getByLabelText('Avatar preview').querySelector('img');
    expect(preview).toHaveAttribute('src', url);
    expect(preview).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('shows a taken username next to the field and keeps what was typed', async () => {
    const edits = spyOnProfileUpdates();
    const { user, form } = await openEdit();

    await user.clear(field('Username'));
    await user.type(field('Username'), 'mallory');
    await user.click(saveButton());

    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription(/That username is taken/));
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Username')).toHaveValue('mallory');
    expect(edits).toEqual([{ username: 'mallory', displayname: null, pfp: null, banner: null, bio: null }]);
    expect(db.user(ADA)?.username).toBe('ada');
    expect(within(form).queryByRole('status')).toBeNull();

    await user.type(field('Username'), '_2');
    await user.click(saveButton());
    expect(await within(form).findByRole('status')).toHaveTextContent('Profile saved.');
    expect(field('Username')).not.toHaveAccessibleDescription(/taken/);
    expect(db.user(ADA)?.username).toBe('mallory_2');
  });

  it('says a server failure in the app’s words and keeps every change', async () => {
    spyOnProfileUpdates(() => HttpResponse.json({ error: true, reason: 'Profile store is read-only' }, { status: 500 }));
    const { user, form } = await openEdit();

    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'Ada L.');
    await user.type(field('Bio'), ' More soon.');
    await user.click(saveButton());

    expect(await within(form).findByRole('alert')).toHaveTextContent('The server had a problem answering.');
    expect(field('Display name')).toHaveValue('Ada L.');
    expect(field('Bio')).toHaveValue('Notes on the Analytical Engine. Runs this instance. More soon.');
    expect(db.user(ADA)?.displayname).toBe('Ada Lovelace');
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it('moves focus to the first invalid field, not leaving it on Save', async () => {
    const edits = spyOnProfileUpdates();
    const { user } = await openEdit();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'no spaces allowed');
    await user.click(saveButton());
    await waitFor(() => expect(field('Username')).toHaveFocus());
    expect(field('Username')).toHaveAccessibleDescription(/Use 3 to 20 letters/);
    expect(edits).toEqual([]);
  });

  it('moves focus to the username the server refused as taken', async () => {
    spyOnProfileUpdates();
    const { user } = await openEdit();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'mallory');
    await user.click(saveButton());
    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription(/That username is taken/));
    await waitFor(() => expect(field('Username')).toHaveFocus());
  });

  it('Cancel goes back without saving', async () => {
    const edits = spyOnProfileUpdates();
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    await user.click(await within(header()).findByRole('link', { name: 'Edit profile' }));
    await screen.findByRole('form', { name: 'Edit profile' });
    await user.type(field('Display name'), ' (draft)');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
    expect(edits).toEqual([]);
  });

  it('still sends what was typed when who-am-I answers with a changed profile meanwhile', async () => {
    const edits = spyOnProfileUpdates();
    const { user, queryClient: client } = await openEdit();
    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'Augusta Ada King');
    // The name was changed elsewhere (another tab) to what is typed here; the bio too.
    const me = client.getQueryData(meQueries.profile().queryKey)!;
    client.setQueryData(meQueries.profile().queryKey, { ...me, displayName: 'Augusta Ada King', bio: 'Changed elsewhere' });
    await user.click(saveButton());
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]?.displayname).toBe('Augusta Ada King');
    // Untouched here: not sent back over the newer value.
    expect(edits[0]?.bio ?? null).toBeNull();
  });

  it('keeps the form and what was typed when who-am-I fails while it is open, and Save still sends', async () => {
    const edits = spyOnProfileUpdates();
    const { user, queryClient: client } = await openEdit();
    await user.clear(field('Display name'));
    await user.type(field('Display name'), 'Augusta Ada King');
    // Who-am-I is asked again meanwhile (it went stale) and fails: the profile on screen stays.
    server.use(http.patch(PROFILE_URL, async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      return Object.values(body).every((v) => v === null) ? HttpResponse.json({ error: true }, { status: 500 }) : undefined;
    }));
    await client.refetchQueries({ queryKey: meQueries.profile().queryKey }).catch(() => undefined);
    await waitFor(() => expect(client.getQueryState(meQueries.profile().queryKey)?.status).toBe('error'));
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(field('Display name')).toHaveValue('Augusta Ada King');
    await user.click(saveButton());
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]?.displayname).toBe('Augusta Ada King');
  });
});

