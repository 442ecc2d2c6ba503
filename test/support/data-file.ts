/** A data file (src/app/device-data/data-file.ts) as Export writes it, every kind filled; `overrides` replace whole parts. */
import { DATA_FILE_VERSION, type DataFile } from '../../src/app/device-data/data-file';

export function aDataFile(overrides: Partial<DataFile> = {}): DataFile {
  return {
    format: 'social-device-data',
    version: DATA_FILE_VERSION,
    exportedAt: '2025-03-04T10:00:00.000Z',
    account: { username: 'ada', uuid: 'u-ada' },
    drafts: [{ context: 'new', content: 'Half a thought', from: 'Analytical Engine', lock: false, nsfw: true, savedAt: 1_700_000_000_000 }],
    saved: ['74', '73'],
    mutes: { accounts: [{ uuid: 'u-chen', username: 'chen_w' }], words: ['playlist'] },
    replies: { own: ['75'], replies: [{ id: '80', parent: '75', seen: true }], since: 70, baseline: false },
    prefs: { alwaysShowSensitive: true },
    lastSeen: '81',
    ...overrides,
  };
}

