// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import { getOwnProfile, updateProfile } from '../../../src/lib/api/profile';
import { getUser } from '../../../src/lib/api/users';
import { createTestTransport, db, MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';

const bram = () => createTestTransport(MOCK_TOKENS.bram);

async function kindOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return isApiError(error) ? { kind: error.kind, status: error.status, reason: error.reason } : error;
}

describe('getOwnProfile', () => {
  it("returns the token owner's profile and changes nothing", async () => {
    const before = db.snapshot();
    const profile = await getOwnProfile(bram());
    expect(profile).toEqual({
      username: 'bram_stoker',
      displayName: 'Bram',
      pfp: db.user(MOCK_USER_IDS.bram)!.pfp,
      banner: '',
      bio: 'Night owl. My profile is marked NSFW.',
    });
    expect(db.snapshot()).toEqual(before);
  });
});

describe('updateProfile', () => {
  it('changes only the field given; the others stay as the server holds them', async () => {
    const { pfp } = db.user(MOCK_USER_IDS.bram)!;
    expect(pfp).toMatch(/^http/);
    const profile = await updateProfile(bram(), { bio: 'Morning person now.' });
    expect(profile).toMatchObject({ username: 'bram_stoker', displayName: 'Bram', bio: 'Morning person now.' });
    const user = await getUser(bram(), MOCK_USER_IDS.bram);
    expect(user).toMatchObject({ username: 'bram_stoker', displayName: 'Bram', pfp, banner: '', bio: 'Morning person now.' });
  });

  it('renames, and the new name shows on posts', async () => {
    await updateProfile(bram(), { username: 'bram_2', displayname: 'Bram S.' });
    expect(db.user(MOCK_USER_IDS.bram)).toMatchObject({ username: 'bram_2', displayname: 'Bram S.' });
  });

  it('refuses a username another user holds, in any case, with 409 "username taken"', async () => {
    expect(await kindOf(updateProfile(bram(), { username: 'ADA' }))).toEqual({
      kind: 'conflict',
      status: 409,
      reason: 'username taken',
    });
    expect(db.user(MOCK_USER_IDS.bram)!.username).toBe('bram_stoker');
  });

  it('lets a user change the case of their own username', async () => {
    const profile = await updateProfile(bram(), { username: 'Bram_Stoker' });
    expect(profile.username).toBe('Bram_Stoker');
  });

  it.each(['ab', 'a'.repeat(21), 'has space', 'dash-ed', 'émile'])('refuses the invalid username %j with 400', async (name) => {
    const result = await kindOf(updateProfile(bram(), { username: name, bio: 'should not stick' }));
    expect(result).toMatchObject({ kind: 'api', status: 400 });
    expect(db.user(MOCK_USER_IDS.bram)).toMatchObject({ username: 'bram_stoker', bio: 'Night owl. My profile is marked NSFW.' });
  });
});
