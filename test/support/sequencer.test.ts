// @vitest-environment node
// The order Vitest runs the files in (sequencer.ts): the longest first, from the machine's record,
// else the committed durations, else the file's size; a file that failed last time before all.
import { resolve } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import durations from './test-durations.json' with { type: 'json' };
import { LongestFirstSequencer } from './sequencer';

const ROOT = resolve(import.meta.dirname, '../..');

/** The parts of Vitest the sequencer reads: the root, and the record of this machine's runs. */
function sequencer(record: Record<string, { duration: number; failed: boolean }> = {}) {
  const ctx = { config: { root: ROOT }, cache: { getFileTestResults: (key: string) => record[key] } };
  // Only what sort() reads is given: the rest of Vitest is not needed to order files.
  return new LongestFirstSequencer(ctx as unknown as Vitest);
}

/** A file of a project, as Vitest hands it to the sequencer. */
const spec = (project: string, path: string) => ({ project: { name: project }, moduleId: resolve(ROOT, path) }) as unknown as TestSpecification;
const order = (files: TestSpecification[]) => files.map((f) => `${f.project.name}:${f.moduleId.slice(ROOT.length + 1)}`);

// Two files of the committed list, the longer and the shorter.
const LONG = 'test/app/routes/compose.drafts-per-account.test.tsx';
const SHORT = 'test/lib/post-link.test.ts';

describe('LongestFirstSequencer', () => {
  it('runs the longest first by the committed durations when the machine has no record (a fresh clone)', async () => {
    expect(durations[`shared:${LONG}`]).toBeGreaterThan(durations[`shared:${SHORT}`]);
    const sorted = await sequencer().sort([spec('shared', SHORT), spec('shared', LONG)]);
    expect(order(sorted)).toEqual([`shared:${LONG}`, `shared:${SHORT}`]);
  });

  it("takes the machine's record over the committed durations, and a file that failed there first", async () => {
    const record = { [`shared:${SHORT}`]: { duration: 60_000, failed: false } };
    expect(order(await sequencer(record).sort([spec('shared', LONG), spec('shared', SHORT)]))).toEqual([`shared:${SHORT}`, `shared:${LONG}`]);
    const failed = { [`shared:${SHORT}`]: { duration: 1, failed: true } };
    expect(order(await sequencer(failed).sort([spec('shared', LONG), spec('shared', SHORT)]))).toEqual([`shared:${SHORT}`, `shared:${LONG}`]);
  });

  it('weighs a file neither knows by its size, and keeps the projects in order by name', async () => {
    // Not in the committed list under this project's name: the larger file (5.8 KB against 0.4 KB) first.
    const sorted = await sequencer().sort([spec('new', 'test/support/handle.ts'), spec('new', 'test/support/actions-helpers.ts'), spec('isolated', SHORT)]);
    expect(order(sorted)).toEqual([`isolated:${SHORT}`, 'new:test/support/actions-helpers.ts', 'new:test/support/handle.ts']);
  });
});
