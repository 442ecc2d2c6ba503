/**
 * An upgrade loses nothing: storage written the way the version before the account data's one home
 * wrote it (a key per username and store) opens with every draft, mute, muted word, seen reply and
 * preference in place, once, and the old keys are gone.
 */
import { describe, expect, it } from 'vitest';
import { readDeviceAccounts } from '../../../src/entities/account/device-accounts';
import { moveLegacyAccountData } from '../../../src/entities/account/legacy-keys';
import { readPreferences } from '../../../src/entities/account/preferences';
import { countDrafts, loadDraft } from '../../../src/entities/draft/draft-store';
import { hasStoredMutes } from '../../../src/entities/mute/mute-core';
import { readMutes } from '../../../src/entities/mute/mute-store';
import { readRepliesState, unseenCount } from '../../../src/entities/replies/replies-store';
import { signInAs } from '../../support/account-data';

const CHEN = { uuid: 'u-chen', username: 'chen_w' };
const draft = (content: string) => ({ content, from: '', lock: false, nsfw: false, savedAt: 1 });

/** What the last version left: ada with a space-free name, "Zoë Ä" URI-encoded where that version encoded. */
function writeOldVersionStorage() {
  localStorage.setItem('social.drafts:ada', JSON.stringify({ new: draft('half a thought'), 'reply:12': draft('a reply') }));
  localStorage.setItem('social.mutes:ada', JSON.stringify({ accounts: [CHEN], words: ['engine'] }));
  localStorage.setItem('social.mutes', '1');
  localStorage.setItem(
    'social.replies:ada',
    JSON.stringify({ v: 1, own: ['12'], replies: [{ id: '13', parent: '12', seen: false }], since: 5, baseline: false }),
  );
  localStorage.setItem('social.always-show-sensitive:ada', 'true');
  localStorage.setItem(`social.drafts:${encodeURIComponent('Zoë Ä')}`, JSON.stringify({ new: draft('zoë’s draft') }));
  localStorage.setItem('social.mutes:Zoë Ä', JSON.stringify({ accounts: [], words: ['rain'] }));
  localStorage.setItem('social.always-show-sensitive:Zoë Ä', 'false');
  // Not an account's data: left as it is.
  localStorage.setItem('social.language', 'pl');
}

describe('moving an older version’s per-account keys', () => {
  it('keeps every draft, mute, muted word, seen reply and preference, under each account, and removes the old keys', () => {
    writeOldVersionStorage();
    moveLegacyAccountData();
    expect(Object.keys(localStorage).filter((key) => /^social\.(drafts|mutes|replies|always-show-sensitive)/.test(key))).toEqual([]);
    expect(readDeviceAccounts().map((a) => a.username).sort()).toEqual(['Zoë Ä', 'ada']);
    expect(localStorage.getItem('social.language')).toBe('pl');

    // Ada signs in: who-am-I says "ada", and her data is where she left it.
    const ada = signInAs('ada');
    expect(countDrafts(ada)).toBe(2);
    expect(loadDraft(ada, 'new').content).toBe('half a thought');
    expect(loadDraft(ada, 'reply:12').content).toBe('a reply');
    expect(readMutes(ada)).toEqual({ accounts: [CHEN], words: ['engine'] });
    expect(hasStoredMutes(null)).toBe(true);
    const replies = readRepliesState(ada)!;
    expect(replies.own).toEqual(['12']);
    expect(unseenCount(replies)).toBe(1);
    expect(readPreferences(ada)).toEqual({ alwaysShowSensitive: true });

    const zoe = signInAs('Zoë Ä');
    expect(loadDraft(zoe, 'new').content).toBe('zoë’s draft');
    expect(readMutes(zoe).words).toEqual(['rain']);
    expect(readPreferences(zoe)).toEqual({ alwaysShowSensitive: false });
  });

  it('runs once: a second start changes nothing, and what the new version wrote meanwhile wins', () => {
    writeOldVersionStorage();
    moveLegacyAccountData();
    const ada = signInAs('ada');
    const before = { ...localStorage };
    moveLegacyAccountData();
    expect({ ...localStorage }).toEqual(before);
    // Another tab of the old version wrote again; the new home already holds ada's drafts.
    localStorage.setItem('social.drafts:ada', JSON.stringify({ new: draft('older text') }));
    moveLegacyAccountData();
    expect(loadDraft(ada, 'new').content).toBe('half a thought');
    expect(localStorage.getItem('social.drafts:ada')).toBeNull();
  });

  it('leaves what it cannot read as no data (a key of another shape is dropped, never a crash)', () => {
    localStorage.setItem('social.mutes:ada', '{not json');
    localStorage.setItem('social.drafts:%E0%A4%A', 'x');
    expect(() => moveLegacyAccountData()).not.toThrow();
    const ada = signInAs('ada');
    expect(readMutes(ada)).toEqual({ accounts: [], words: [] });
  });
});
