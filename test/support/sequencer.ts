import { readFileSync, statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order Vitest runs the files in: the longest first (the classic longest-processing-time rule),
 * so the two workers end together instead of one finishing a long file alone at the end.
 *
 * Vitest does this itself once it has run the suite on a machine (node_modules/.vite/vitest keeps each
 * file's duration), but a fresh clone, which is what CI runs, has no such record and runs the files in
 * the order they were found. Measured on this 2-core machine, `npx vitest run` in a fresh clone
 * (issue 37): 211 and 217 s in that order, 202 s largest file first, 174 s with the durations below.
 *
 * A file's weight: its duration in Vitest's own record when there is one (a file that failed there
 * goes first), else in test-durations.json (committed; `node scripts/save-test-durations.mjs` after a
 * run refreshes it), else its size (a new file: a tenth of a millisecond a byte, about what the files here take).
 * Projects keep Vitest's own order (by name).
 */
const COMMITTED: Record<string, number> = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weights = new Map<TestSpecification, number>();
    for (const file of files) {
      const key = `${file.project.name}:${file.moduleId.slice(root.length + 1)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      // A file that failed last time first, as Vitest does: what is being fixed reports soonest.
      const weight = last?.failed ? Infinity : (last?.duration ?? COMMITTED[key] ?? statSync(file.moduleId).size / 10);
      weights.set(file, weight);
    }
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const [wa, wb] = [weights.get(a)!, weights.get(b)!];
      return wa === wb ? 0 : wb > wa ? 1 : -1;
    });
  }
}
