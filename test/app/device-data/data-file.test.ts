// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { dataFileName, MAX_FILE_BYTES, parseDataFile, readDataFile, type DataFile } from '../../../src/app/device-data/data-file';
import { aDataFile } from '../../support/data-file';

const text = (value: unknown) => JSON.stringify(value);
const failure = (source: string) => {
  const read = parseDataFile(source);
  return read.ok ? 'ok' : read.error;
};

afterEach(() => {
  // Whatever a test did, a hostile file must never have reached the shared prototype.
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('the data file', () => {
  it('reads back what Export writes, every kind', () => {
    const file = aDataFile();
    expect(parseDataFile(text(file))).toEqual({ ok: true, file });
    // Optional parts may be absent: an account with no replies kept and no feed position.
    const { replies: _replies, lastSeen: _lastSeen, ...bare } = file;
    expect(parseDataFile(text(bare))).toEqual({ ok: true, file: bare });
  });

  it('says "not JSON" for what does not parse, and "another version" for this format in another version', () => {
    expect(failure('')).toBe('not-json');
    expect(failure('{"format": "social-device-data",')).toBe('not-json');
    expect(failure('<html><script>alert(1)</script></html>')).toBe('not-json');
    expect(failure(text({ ...aDataFile(), version: 2 }))).toBe('version');
    expect(failure(text({ ...aDataFile(), version: '1' }))).toBe('version');
    // Something else entirely is not a data file at all.
    expect(failure(text({ version: 1 }))).toBe('invalid');
    expect(failure('[]')).toBe('invalid');
    expect(failure('null')).toBe('invalid');
    expect(failure('"social-device-data"')).toBe('invalid');
  });

  it('fails the schema on a missing part, a wrong type, a post id that is not one, a draft context it does not know', () => {
    const { saved: _saved, ...noSaved } = aDataFile();
    expect(failure(text(noSaved))).toBe('invalid');
    expect(failure(text(aDataFile({ saved: [74 as unknown as string] })))).toBe('invalid');
    expect(failure(text(aDataFile({ saved: ['74; DROP'] })))).toBe('invalid');
    expect(failure(text(aDataFile({ lastSeen: '-1' })))).toBe('invalid');
    expect(failure(text({ ...aDataFile(), prefs: { alwaysShowSensitive: 'yes' } }))).toBe('invalid');
    expect(failure(text(aDataFile({ drafts: [{ ...aDataFile().drafts[0]!, context: 'edit:4' }] })))).toBe('invalid');
    expect(failure(text({ ...aDataFile(), account: { username: '' } }))).toBe('invalid');
    expect(failure(text({ ...aDataFile(), replies: null }))).toBe('invalid');
  });

  it('bounds every list and string: more saved posts than the store keeps, a muted word longer than the store takes', () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => String(i + 1));
    expect(failure(text(aDataFile({ saved: tooMany })))).toBe('invalid');
    expect(failure(text(aDataFile({ saved: tooMany.slice(0, 1000) })))).toBe('ok');
    expect(failure(text(aDataFile({ mutes: { accounts: [], words: ['x'.repeat(101)] } })))).toBe('invalid');
    expect(failure(text(aDataFile({ account: { username: 'a'.repeat(201) } })))).toBe('invalid');
  });

  it('refuses a key it does not know, anywhere (another version’s field, a typo)', () => {
    expect(failure(text({ ...aDataFile(), token: 'tok-ada-lovelace' }))).toBe('invalid');
    expect(failure(text({ ...aDataFile(), prefs: { alwaysShowSensitive: true, theme: 'dark' } }))).toBe('invalid');
    expect(failure(text(aDataFile({ drafts: [{ ...aDataFile().drafts[0]!, extra: 1 } as DataFile['drafts'][number]] })))).toBe('invalid');
  });

  it('refuses __proto__ and constructor keys, and Object.prototype stays untouched', () => {
    // Written into the text, as a hostile file would have them (an object literal's __proto__ would set its prototype instead).
    const good = text(aDataFile());
    const withKey = (where: string, key: string) => {
      const hostile = good.replace(where, `${where}"${key}":{"polluted":"yes"},`);
      expect(hostile).not.toBe(good);
      return hostile;
    };
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(failure(withKey('{', key)), `${key} at the top`).toBe('invalid');
      expect(failure(withKey('"mutes":{', key)), `${key} in mutes`).toBe('invalid');
      expect(failure(withKey('"prefs":{', key)), `${key} in prefs`).toBe('invalid');
      expect(failure(withKey('"drafts":[{', key)), `${key} in a draft`).toBe('invalid');
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses a huge file unread, and one just under the limit that is not a data file says so', async () => {
    expect(failure(`"${'x'.repeat(MAX_FILE_BYTES)}"`)).toBe('too-big');
    // Not even read: its size says enough.
    const unreadable = { size: MAX_FILE_BYTES + 1, text: () => Promise.reject(new Error('read')) } as unknown as Blob;
    expect(await readDataFile(unreadable)).toEqual({ ok: false, error: 'too-big' });
    // A big file within the limit, all one list: fails the schema's bounds, quickly.
    const big = text(aDataFile({ saved: Array.from({ length: 90_000 }, (_, i) => String(i)) }));
    expect(big.length).toBeLessThan(MAX_FILE_BYTES);
    const started = performance.now();
    expect(failure(big)).toBe('invalid');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await readDataFile(new Blob([text(aDataFile())]))).toEqual({ ok: true, file: aDataFile() });
    expect(await readDataFile({ size: 10, text: () => Promise.reject(new Error('gone')) } as unknown as Blob)).toEqual({ ok: false, error: 'unreadable' });
  });

  it('is named social-<username>-<date>.json, the name kept to safe characters', () => {
    const day = new Date(2025, 0, 9, 23, 30);
    expect(dataFileName('ada', day)).toBe('social-ada-2025-01-09.json');
    expect(dataFileName('../<script>', day)).toBe('social-..__script_-2025-01-09.json');
    expect(dataFileName('داليا', day)).toBe('social-_____-2025-01-09.json');
  });
});
