import type { DataFile } from '../device-data/data-file';
import { DeviceDataView, type DeviceDataState } from '../device-data/device-data-section';
import { GallerySection, Specimen } from './gallery-layout';

const noop = () => {};

// Another account's file, named by whoever wrote it: shown as text only.
const OTHERS_FILE: DataFile = {
  format: 'social-device-data',
  version: 1,
  exportedAt: '2025-01-01T12:00:00.000Z',
  account: { username: '<b>mallory</b><script>alert(1)</script>' },
  drafts: [],
  saved: ['74'],
  mutes: { accounts: [], words: [] },
  prefs: { alwaysShowSensitive: false },
};

const STATES: Array<[label: string, state: DeviceDataState]> = [
  ['Nothing done yet', { kind: 'idle' }],
  ['Exported', { kind: 'exported', file: 'social-ada-2025-01-01.json' }],
  ['Imported: what it added', { kind: 'imported', counts: { saved: 3, mutedAccounts: 1, mutedWords: 2, drafts: 1, replies: 0, lastSeen: true, prefs: false } }],
  ['Import error: not a data file (nothing changed)', { kind: 'error', error: 'invalid' }],
  ['Import error: too large', { kind: 'error', error: 'too-big' }],
  ['The file is another account’s: asked first', { kind: 'asking', file: OTHERS_FILE }],
];

/** Settings → This device's data, in each state (the section's buttons do nothing here). */
export function DeviceDataSpecimens() {
  return (
    <GallerySection title="This device's data (Settings)">
      {STATES.map(([label, state]) => (
        <Specimen key={label} label={label}>
          <DeviceDataView username="ada" state={state} onExport={noop} onFile={noop} onAnswer={noop} />
        </Specimen>
      ))}
    </GallerySection>
  );
}
