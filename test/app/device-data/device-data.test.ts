import { describe, expect, it } from 'vitest';
import { parseDataFile } from '../../../src/app/device-data/data-file';
import { compareIds, exportData, exportFile, importData, isOwnFile } from '../../../src/app/device-data/device-data';
import { writeAccountData } from '../../../src/entities/account/account-data-writes';
import { preferences } from '../../../src/entities/account/preference-writes';
import { readPreferences } from '../../../src/entities/account/preferences';
import { tokenStore } from '../../../src/entities/account/token-store';
import { contextOf, draftKey, readDrafts, saveDraft } from '../../../src/entities/draft/draft-store';
import { addMutedWord, muteAccount, readMutes } from '../../../src/entities/mute/mute-store';
import { readRepliesState, writeRepliesState } from '../../../src/entities/replies/replies-store';
import { readSaved, SAVED_LIMIT, toggleSaved, writeSaved } from '../../../src/features/saved/saved-store';
import { keyFor, signInAs } from '../../support/account-data';
import { aDataFile } from '../../support/data-file';

const TOKEN = 'tok-ada-secret-123';
const ada = { username: 'ada', uuid: 'u-ada' };
/** Where Ada left off, as kept. */
const lastSeen = () => localStorage.getItem(keyFor('ada', 'lastSeen'));

/** The account's drafts grouped by context (`new#k3x9` and `new` both under `new`). */
function byContext(id: string): Record<string, { content: string; from: string; lock: boolean }[]> {
  const out: Record<string, { content: string; from: string; lock: boolean }[]> = {};
  for (const [key, draft] of Object.entries(readDrafts(id))) (out[contextOf(key)] ??= []).push(draft);
  return out;
}

/** Ada signed in with TOKEN, with something of every kind kept on this device. Returns her local id. */
function adaWithData(): string {
  const id = signInAs('ada', TOKEN);
  tokenStore.note({ uuid: 'u-ada' }, TOKEN);
  saveDraft(id, 'new', { content: 'Unsent <script>alert(1)</script>', from: '', lock: false, nsfw: false });
  saveDraft(id, 'reply:5', { content: 'A reply, half done', from: 'Engine', lock: true, nsfw: false });
  toggleSaved('73', id);
  toggleSaved('74', id);
  muteAccount(id, { uuid: 'u-chen', username: 'chen_w' });
  addMutedWord(id, 'Playlist');
  writeRepliesState(id, { own: ['75'], replies: [{ id: '80', parent: '75', seen: true }], since: 70, baseline: false });
  preferences.setAlwaysShowSensitive(true, id);
  writeAccountData(id, 'lastSeen', '81');
  return id;
}

describe('exporting this device’s data', () => {
  it('holds every kind the stores keep for the account, reads back as a data file, and never a token', () => {
    const id = adaWithData();
    const { name, json } = exportFile(id, ada, new Date(2025, 2, 4));
    expect(name).toBe('social-ada-2025-03-04.json');
    const read = parseDataFile(json);
    if (!read.ok) throw new Error(read.error);
    expect(read.file).toMatchObject({
      format: 'social-device-data',
      version: 1,
      account: { username: 'ada', uuid: 'u-ada' },
      saved: ['74', '73'],
      mutes: { accounts: [{ uuid: 'u-chen', username: 'chen_w' }], words: ['Playlist'] },
      replies: { own: ['75'], replies: [{ id: '80', parent: '75', seen: true }], since: 70, baseline: false },
      prefs: { alwaysShowSensitive: true },
      lastSeen: '81',
    });
    expect(read.file.drafts.map((draft) => [draft.context, draft.content])).toEqual([
      ['new', 'Unsent <script>alert(1)</script>'],
      ['reply:5', 'A reply, half done'],
    ]);
    // The token is in this tab's sessionStorage, and nowhere in the file.
    expect(sessionStorage.getItem('social.api-token')).toBe(TOKEN);
    expect(json).not.toContain(TOKEN);
    expect(json).not.toMatch(/tok-|token/i);
  });

  it('leaves out what the file could not hold (a draft under a context of another version), so an export always imports', () => {
    const id = signInAs('ada');
    localStorage.setItem(keyFor('ada', 'drafts'), JSON.stringify({ 'edit:4': { content: 'x', from: '', lock: false, nsfw: false, savedAt: 1 } }));
    writeAccountData(id, 'lastSeen', '"82"');
    const file = exportData(id, ada);
    expect(file.drafts).toEqual([]);
    expect(file.lastSeen).toBe('82');
    expect(file.replies).toBeUndefined();
    expect(parseDataFile(JSON.stringify(file)).ok).toBe(true);
  });
});

describe('importing a data file', () => {
  it('brings everything back into an account with nothing stored, and says what it added', () => {
    const source = adaWithData();
    const file = exportData(source, ada);
    localStorage.clear();
    const id = signInAs('ada');
    expect(importData(id, file)).toEqual({ saved: 2, mutedAccounts: 1, mutedWords: 1, drafts: 2, replies: 1, lastSeen: true, prefs: true });
    expect(readSaved(id)).toEqual(['74', '73']);
    expect(readMutes(id)).toEqual({ accounts: [{ uuid: 'u-chen', username: 'chen_w' }], words: ['Playlist'] });
    expect(byContext(id).new?.map((d) => d.content)).toEqual(['Unsent <script>alert(1)</script>']);
    expect(byContext(id)['reply:5']).toMatchObject([{ content: 'A reply, half done', from: 'Engine', lock: true }]);
    expect(readRepliesState(id)?.replies).toEqual([{ id: '80', parent: '75', seen: true }]);
    expect(readPreferences(id).alwaysShowSensitive).toBe(true);
    expect(lastSeen()).toBe('81');
    // Twice: nothing more to add.
    expect(importData(id, file)).toEqual({ saved: 0, mutedAccounts: 0, mutedWords: 0, drafts: 0, replies: 0, lastSeen: false, prefs: false });
  });

  it('exports each composer’s draft under its context alone, and brings both back', () => {
    const id = signInAs('ada');
    saveDraft(id, draftKey('new', 'tab1'), { content: 'First tab', from: '', lock: false, nsfw: false });
    saveDraft(id, draftKey('new', 'tab2'), { content: 'Second tab', from: '', lock: false, nsfw: false });
    const file = exportData(id, ada);
    expect(file.drafts.map((d) => [d.context, d.content]).sort()).toEqual([['new', 'First tab'], ['new', 'Second tab']]);
    expect(parseDataFile(JSON.stringify(file)).ok).toBe(true);
    localStorage.clear();
    const again = signInAs('ada');
    expect(importData(again, file).drafts).toBe(2);
    expect(byContext(again).new?.map((d) => d.content).sort()).toEqual(['First tab', 'Second tab']);
  });

  it('merges: nothing the account has is lost or replaced', () => {
    const id = signInAs('ada');
    toggleSaved('10', id);
    addMutedWord(id, 'playlist');
    saveDraft(id, 'new', { content: 'What I am typing here', from: '', lock: false, nsfw: false });
    preferences.setAlwaysShowSensitive(false, id);
    writeAccountData(id, 'lastSeen', '90');
    writeRepliesState(id, { own: ['60'], replies: [{ id: '80', parent: '75', seen: false }, { id: '61', parent: '60', seen: false }], since: 50, baseline: true });

    const counts = importData(
      id,
      aDataFile({
        saved: ['74', '10', '73'],
        mutes: { accounts: [{ uuid: 'u-chen', username: 'chen_w' }], words: ['PLAYLIST', 'engine'] },
        drafts: [
          { context: 'new', content: 'The file’s draft', from: '', lock: false, nsfw: false, savedAt: 1 },
          { context: 'reply:9', content: 'A reply from the file', from: '', lock: false, nsfw: false, savedAt: 1 },
          { context: 'reply:10', content: '   ', from: '', lock: false, nsfw: false, savedAt: 1 },
        ],
        replies: { own: ['75'], replies: [{ id: '80', parent: '75', seen: true }, { id: '77', parent: '75', seen: false }], since: 70, baseline: false },
        prefs: { alwaysShowSensitive: true },
        lastSeen: '81',
      }),
    );

    expect(counts).toEqual({ saved: 2, mutedAccounts: 1, mutedWords: 1, drafts: 2, replies: 1, lastSeen: false, prefs: false });
    // The account's own saved posts first (its most recent stay on top), the file's after.
    expect(readSaved(id)).toEqual(['10', '74', '73']);
    // "PLAYLIST" was muted already (in another case): the store refuses it.
    expect(readMutes(id).words).toEqual(['playlist', 'engine']);
    // The draft being typed stays where it is; the file's for the same context joins it (offered as another draft).
    expect(readDrafts(id).new?.content).toBe('What I am typing here');
    expect(byContext(id).new?.map((d) => d.content).sort()).toEqual(['The file’s draft', 'What I am typing here']);
    expect(byContext(id)['reply:9']?.map((d) => d.content)).toEqual(['A reply from the file']);
    expect(Object.keys(readDrafts(id))).toHaveLength(3);
    expect(readPreferences(id).alwaysShowSensitive).toBe(false);
    expect(lastSeen()).toBe('90');
    // Replies: both sides' posts and replies; seen on either side is seen; this device's baseline stays.
    expect(readRepliesState(id)).toEqual({
      own: ['75', '60'],
      replies: [
        { id: '80', parent: '75', seen: true },
        { id: '77', parent: '75', seen: false },
        { id: '61', parent: '60', seen: false },
      ],
      since: 50,
      baseline: true,
    });
  });

  it('keeps the newer place the account left off, whichever side has it', () => {
    const id = signInAs('ada');
    writeAccountData(id, 'lastSeen', '999');
    expect(importData(id, aDataFile({ lastSeen: '1000' })).lastSeen).toBe(true);
    expect(lastSeen()).toBe('1000');
    expect(importData(id, aDataFile({ lastSeen: '0999' })).lastSeen).toBe(false);
    expect(lastSeen()).toBe('1000');
    expect(compareIds('12345678901234567890', '9')).toBeGreaterThan(0);
    expect(compareIds('007', '7')).toBe(0);
  });

  it('stays within the saved posts’ limit, the account’s own first', () => {
    const id = signInAs('ada');
    const mine = Array.from({ length: SAVED_LIMIT - 1 }, (_, i) => String(5000 + i));
    writeSaved(mine, id);
    expect(importData(id, aDataFile({ saved: ['1', '2', '3'] })).saved).toBe(1);
    expect(readSaved(id)).toEqual([...mine, '1']);
  });

  it('tells the account’s own file from another’s: by uuid when both know it (a rename is still the same account), else by exact username', () => {
    expect(isOwnFile(aDataFile({ account: { username: 'ada' } }), { username: 'ada' })).toBe(true);
    expect(isOwnFile(aDataFile({ account: { username: 'Ada' } }), { username: 'ada' })).toBe(false);
    expect(isOwnFile(aDataFile({ account: { username: 'ada_old', uuid: 'u-ada' } }), ada)).toBe(true);
    expect(isOwnFile(aDataFile({ account: { username: 'ada', uuid: 'u-other' } }), ada)).toBe(false);
    expect(isOwnFile(aDataFile({ account: { username: 'ada', uuid: 'u-ada' } }), { username: 'ada' })).toBe(true);
  });
});
