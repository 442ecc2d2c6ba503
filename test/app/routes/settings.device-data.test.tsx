import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataFile } from '../../../src/app/device-data/data-file';
import { activateLocale } from '../../../src/i18n/i18n';
import { keyFor, storedFor } from '../../support/account-data';
import { aDataFile } from '../../support/data-file';
import { MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';

/** Every key this device keeps, with its value: what "nothing changed" compares. */
const everything = () => Object.fromEntries(Object.keys(localStorage).sort().map((key) => [key, localStorage.getItem(key)]));
const jsonFile = (content: string, name = 'social-ada-2025-03-04.json') => new File([content], name, { type: 'application/json' });
const dataFile = (file: DataFile) => jsonFile(JSON.stringify(file));

/** Ada's file as another browser would have written it: a saved post, a muted account and word, a draft. */
const adasFile = () =>
  aDataFile({
    account: { username: 'ada' },
    saved: ['74', '73'],
    mutes: { accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: ['playlist', 'engine'] },
    drafts: [{ context: 'new', content: 'Half a thought <img src=x onerror=alert(1)>', from: '', lock: false, nsfw: false, savedAt: 1 }],
    replies: undefined,
    lastSeen: undefined,
    prefs: { alwaysShowSensitive: false },
  });

async function openSection(token: string | undefined = MOCK_TOKENS.ada) {
  const app = renderApp({ route: '/settings', token });
  const section = await screen.findByRole('region', { name: 'This device\'s data' });
  return { ...app, section };
}

/** The file input, once the account in use is known. */
const importInput = (section: HTMLElement) => within(section).findByLabelText<HTMLInputElement>('Import data');

// jsdom's Blob has no text() (every browser the app supports has it): read through jsdom's
// FileReader instead, for this file's tests only.
const jsdomHasText = 'text' in Blob.prototype;
beforeAll(() => {
  if (jsdomHasText) return;
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('read'));
      reader.readAsText(this);
    });
  };
});
afterAll(() => {
  if (!jsdomHasText) delete (Blob.prototype as Partial<Blob>).text;
});

afterEach(async () => {
  vi.useRealTimers();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  await activateLocale('en');
});

describe('Settings › This device\'s data', () => {
  it('exports the account in use’s data as social-ada-<date>.json through a blob: link, never the token, and says so on the page', async () => {
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['74']));
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [], words: ['playlist'] }));
    // The download revokes its URL a second later: on this clock, so that it has before the stand-ins go.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const blobs: Blob[] = [];
    // jsdom has no object URLs, and a click on a download link would try to navigate.
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:http://localhost/1'), revokeObjectURL: vi.fn() });
    const clicked: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const { user, section } = await openSection();
    const exportButton = await within(section).findByRole('button', { name: 'Export this device\'s data' });
    await user.click(exportButton);

    const name = `social-ada-${new Date().toLocaleDateString('sv')}.json`;
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(`Exported ${name}: find it with your downloads.`));
    expect(exportButton).toHaveFocus();
    expect(clicked).toEqual([{ download: name, href: 'blob:http://localhost/1' }]);
    const json = await blobs[0]!.text();
    expect(JSON.parse(json)).toMatchObject({ format: 'social-device-data', version: 1, account: { username: 'ada' }, saved: ['74'], mutes: { words: ['playlist'] } });
    expect(sessionStorage.getItem('social.api-token')).toBe(MOCK_TOKENS.ada);
    expect(json).not.toContain(MOCK_TOKENS.ada);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  it('imports the account’s own file from a labelled file input, merging, and says what it added', async () => {
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['5']));
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [], words: ['Engine'] }));
    const { user, section } = await openSection();
    const input = await importInput(section);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(/at most 1 MB.*nothing here is removed/);
    await user.upload(input, dataFile(adasFile()));

    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Added 2 saved posts, 1 muted account, 1 muted word, and 1 draft.'));
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(storedFor('ada', 'saved')).toEqual(['5', '74', '73']);
    expect(storedFor('ada', 'mutes')).toEqual({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: ['Engine', 'playlist'] });
    // The page shows them at once: the muting section lists what came.
    const muting = screen.getByRole('region', { name: 'Muting' });
    expect(within(muting).getByRole('list', { name: '2 muted words' })).toHaveTextContent('playlist');
    expect(within(muting).getByText('@chen_w')).toBeInTheDocument();
    // The draft's markup is text, in the store as on the page.
    // (Under a key of no composer's: `new#<id>`, offered as another draft when a post is written.)
    const drafts = Object.entries(storedFor('ada', 'drafts') as Record<string, { content: string }>);
    expect(drafts.map(([key, draft]) => [key.split('#')[0], draft.content])).toEqual([['new', 'Half a thought <img src=x onerror=alert(1)>']]);
    expect(document.querySelector('img[src="x"]')).toBeNull();

    // The same file again: nothing new.
    await user.upload(input, dataFile(adasFile()));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Nothing to add: @\u2068ada\u2069 already has everything that file holds.'));
  });

  it('refuses a broken file with an alert and changes nothing: not JSON, another version, failing the schema, too large', async () => {
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['5']));
    const { user, section } = await openSection();
    const input = await importInput(section);
    const before = everything();
    const cases: Array<[File, string]> = [
      [jsonFile('{"format": "social-device-data", "saved": ['), 'That file is not a data file from Social: it is not JSON. Nothing was changed.'],
      [jsonFile(JSON.stringify({ ...adasFile(), version: 2 })), 'That file comes from another version of Social; this one reads version 1 files. Nothing was changed.'],
      [jsonFile(JSON.stringify({ ...adasFile(), saved: ['74', 'not an id'] })), 'That file is not a data file from Social, or it was changed after it was exported. Nothing was changed.'],
      [jsonFile(JSON.stringify(adasFile()).replace('{', '{"__proto__":{"polluted":true},')), 'That file is not a data file from Social, or it was changed after it was exported. Nothing was changed.'],
      [jsonFile(`"${'x'.repeat(1024 * 1024)}"`), 'That file is too large: a data file from Social is at most 1 MB. Nothing was changed.'],
    ];
    for (const [file, message] of cases) {
      await user.upload(input, file);
      await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent(message));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      expect(everything()).toEqual(before);
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(within(section).getByRole('status')).toHaveTextContent('');
    // A good file afterwards clears the alert.
    await user.upload(input, dataFile(adasFile()));
    expect(await within(section).findByText(/^Added 2 saved posts/)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('asks first when the file is another username’s, showing its name as text: Cancel changes nothing, Import anyway merges', async () => {
    // Markup and a right-to-left override: text, isolated, without the override (as a handle shows it).
    const hostile = '<img src=x onerror=alert(1)>\u202Emallory';
    const { user, section } = await openSection();
    const input = await importInput(section);
    const before = everything();
    const othersFile = () => dataFile({ ...adasFile(), account: { username: hostile } });
    await user.upload(input, othersFile());

    const question = await within(section).findByRole('group', { name: `This file holds the data of @\u2068<img src=x onerror=alert(1)>mallory\u2069, and you are using @\u2068ada\u2069. Add it to @\u2068ada\u2069's anyway?` });
    expect(document.querySelector('img[src="x"]')).toBeNull();
    const importAnyway = within(question).getByRole('button', { name: 'Import anyway' });
    await waitFor(() => expect(importAnyway).toHaveFocus());
    expect(everything()).toEqual(before);

    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('group')).toBeNull();
    expect(within(section).getByRole('status')).toHaveTextContent('Nothing was imported.');
    await waitFor(() => expect(input).toHaveFocus());
    expect(everything()).toEqual(before);

    // Chosen again, by keyboard this time: Enter on the focused answer.
    await user.upload(input, othersFile());
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Import anyway' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const status = within(section).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Added 2 saved posts, 1 muted account, 2 muted words, and 1 draft.'));
    expect(status).toHaveFocus();
    expect(within(section).queryByRole('group')).toBeNull();
    expect(storedFor('ada', 'saved')).toEqual(['74', '73']);
  });

  it('says it in Polish and Arabic, plurals and lists in each language’s own way', async () => {
    await activateLocale('pl');
    const { user, section } = await (async () => {
      const app = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
      return { ...app, section: await screen.findByRole('region', { name: 'Dane na tym urządzeniu' }) };
    })();
    const five = aDataFile({ ...adasFile(), saved: ['1', '2', '3', '4', '5'], mutes: { accounts: [], words: ['a', 'b', 'c', 'd', 'e'] } });
    await user.upload(await within(section).findByLabelText('Importuj dane'), dataFile(five));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Dodano: 5 zapisanych postów, 5 wyciszonych słów i 1 szkic.'));

    await activateLocale('ar');
    await user.upload(within(section).getByLabelText('استيراد البيانات'), jsonFile('not json'));
    await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent('هذا ليس ملف بيانات من Social: إنه ليس JSON. لم يتغير شيء.'));
  });

  it('asks to sign in first when signed out', async () => {
    const { section } = await openSection(undefined);
    expect(within(section).getByText('Sign in to export or import an account\'s data.')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Import data')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
