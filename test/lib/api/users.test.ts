// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import { getUser } from '../../../src/lib/api/users';
import { createTestTransport, db, MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';

const t = () => createTestTransport(MOCK_TOKENS.dalia);

describe('getUser', () => {
  it('returns the v2 user object in the domain shape', async () => {
    const user = await getUser(t(), MOCK_USER_IDS.ada);
    expect(user).toEqual({
      type: 1,
      uuid: MOCK_USER_IDS.ada,
      username: 'ada',
      displayName: 'Ada Lovelace',
      pfp: db.user(MOCK_USER_IDS.ada)!.pfp,
      banner: db.user(MOCK_USER_IDS.ada)!.banner,
      badge: 'early-adopter',
      specialBadge: [
        { label: 'Staff', color: '#5b21b6' },
        { name: 'Founder', color: '#ffaa00' },
      ],
      bio: db.user(MOCK_USER_IDS.ada)!.bio,
      nsfw: false,
      private: false,
      pronoun: 'she/her',
      joined: db.user(MOCK_USER_IDS.ada)!.joined * 1000,
    });
  });

  it('carries the nsfw and private flags and json fields of other shapes', async () => {
    const bram = await getUser(t(), MOCK_USER_IDS.bram);
    expect(bram).toMatchObject({ nsfw: true, private: false, badge: ['night-owl', 'beta-tester'], specialBadge: null, pronoun: ['he', 'him'] });
    const chen = await getUser(t(), MOCK_USER_IDS.chen);
    expect(chen).toMatchObject({ private: true, badge: { tier: 2, name: 'Supporter' }, specialBadge: [], pronoun: { subject: 'they', object: 'them' } });
    const dalia = await getUser(t(), MOCK_USER_IDS.dalia);
    expect(dalia).toMatchObject({ displayName: 'داليا نصر', badge: ['rtl', 42, { nested: true }], specialBadge: 'Translator' });
  });

  it('hands hostile values through as plain strings for the UI to neutralise', async () => {
    const mallory = await getUser(t(), MOCK_USER_IDS.mallory);
    expect(mallory).toMatchObject({
      displayName: '<img src=x onerror=alert(1)>',
      pfp: 'javascript:alert(1)',
      banner: 'data:text/html,<script>alert(1)</script>',
      pronoun: 123,
    });
  });

  it('is not_found for an unknown uuid', async () => {
    const error: unknown = await getUser(t(), 'no-such-user').catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('not_found');
    expect(isApiError(error) && error.reason).toBe('User not found');
  });

  it('refuses a blank uuid', async () => {
    const error: unknown = await getUser(t(), '   ').catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('not_found');
  });
});
