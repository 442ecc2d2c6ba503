// @vitest-environment node
// The order Vitest runs the files in (sequencer.ts): the longest first, from the machine's record,
// else the committed durations, else the file's size; a file that failed last time before all.
import { resolve } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import durations from './test-durations.json' with { type: 'json' };
import { declaresNodeEnvironment, LongestFirstSequencer } from './sequencer';

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

// Two files of the committed list that run in jsdom, the longer and the shorter; and two that
// declare the node environment, one long (longer than SHORT) and one short.
const LONG = 'test/app/routes/compose.drafts-per-account.test.tsx';
const SHORT = 'test/lib/config.load.test.ts';
const NODE_LONG = 'test/scripts/check-size.test.ts';
const NODE_SHORT = 'test/lib/post-link.test.ts';

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

  it('runs the files that run in jsdom before those that declare the node environment, a failed one first', async () => {
    expect(declaresNodeEnvironment(resolve(ROOT, NODE_LONG))).toBe(true);
    expect(declaresNodeEnvironment(resolve(ROOT, SHORT))).toBe(false);
    expect(durations[`shared:${NODE_LONG}`]).toBeGreaterThan(durations[`shared:${SHORT}`]);
    const files = [spec('shared', NODE_SHORT), spec('shared', NODE_LONG), spec('shared', SHORT), spec('shared', LONG)];
    expect(order(await sequencer().sort(files))).toEqual([`shared:${LONG}`, `shared:${SHORT}`, `shared:${NODE_LONG}`, `shared:${NODE_SHORT}`]);
    const failed = { [`shared:${NODE_SHORT}`]: { duration: 1, failed: true } };
    expect(order(await sequencer(failed).sort(files))).toEqual([`shared:${NODE_SHORT}`, `shared:${LONG}`, `shared:${SHORT}`, `shared:${NODE_LONG}`]);
  });

  it('weighs a file neither knows by its size, and keeps the projects in order by name', async () => {
    // Not in the committed list under this project's name: the larger file (5.8 KB against 0.4 KB) first.
    const sorted = await sequencer().sort([spec('new', 'test/support/handle.ts'), spec('new', 'test/support/actions-helpers.ts'), spec('isolated', SHORT)]);
    expect(order(sorted)).toEqual([`isolated:${SHORT}`, 'new:test/support/actions-helpers.ts', 'new:test/support/handle.ts']);
  });
});
