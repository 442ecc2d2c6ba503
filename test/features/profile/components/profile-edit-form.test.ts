// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changedFields } from '../../../../src/features/profile/components/profile-edit-form';

const ORIGINAL = {
  username: 'ada',
  displayname: 'Ada Lovelace',
  pfp: 'https://avatars.example.com/ada.png',
  banner: '',
  bio: 'Notes on the Analytical Engine.',
};

describe('changedFields', () => {
  it('is empty when nothing changed', () => {
    expect(changedFields(ORIGINAL, { ...ORIGINAL })).toEqual({});
  });

  it('holds only the fields that changed', () => {
    expect(changedFields(ORIGINAL, { ...ORIGINAL, displayname: 'Countess' })).toEqual({ displayname: 'Countess' });
    expect(changedFields(ORIGINAL, { ...ORIGINAL, username: 'ada_l', banner: 'https://x.example/b.jpg' })).toEqual({
      username: 'ada_l',
      banner: 'https://x.example/b.jpg',
    });
  });

  it('sends "" for a field cleared on purpose', () => {
    expect(changedFields(ORIGINAL, { ...ORIGINAL, bio: '' })).toEqual({ bio: '' });
    expect(changedFields(ORIGINAL, { ...ORIGINAL, pfp: '' })).toEqual({ pfp: '' });
  });

  it('ignores spaces around single-line fields, so they alone are no change', () => {
    expect(changedFields(ORIGINAL, { ...ORIGINAL, username: ' ada ', displayname: 'Ada Lovelace  ' })).toEqual({});
    expect(changedFields(ORIGINAL, { ...ORIGINAL, displayname: '  Ada  ' })).toEqual({ displayname: 'Ada' });
    // Whitespace only in a single-line field means cleared.
    expect(changedFields(ORIGINAL, { ...ORIGINAL, pfp: '   ' })).toEqual({ pfp: '' });
  });

  it('keeps the bio exactly as typed, spaces and line breaks included', () => {
    expect(changedFields(ORIGINAL, { ...ORIGINAL, bio: `${ORIGINAL.bio}\n` })).toEqual({ bio: `${ORIGINAL.bio}\n` });
  });
});
