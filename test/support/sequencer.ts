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
 *
 * Within a project, the files that run in jsdom come before those that declare
 * `// @vitest-environment node` on their first line (a file that failed last time still goes first).
 * A worker that has run one environment's files is replaced by a new process for the other's
 * (Vitest 4, isolate off): ordered by weight alone, the two kinds alternated
 * and the shared project's ~140 files ran in 41 processes, each new jsdom one starting jsdom and
 * importing every page again; grouped, in four.
 */
const COMMITTED: Record<string, number> = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));

/** Whether a test file declares the node environment on its first line, as test/README.md asks. */
export function declaresNodeEnvironment(file: string): boolean {
  return /^\/\/ @vitest-environment\s+node\b/.test(readFileSync(file, 'utf8'));
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weights = new Map<TestSpecification, number>();
    const inNode = new Map(files.map((file) => [file, declaresNodeEnvironment(file.moduleId)]));
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
      // A file that failed last time first, whichever its environment.
      if ((wa === Infinity) !== (wb === Infinity)) return wa === Infinity ? -1 : 1;
      if (inNode.get(a) !== inNode.get(b)) return inNode.get(a) ? 1 : -1;
      return wa === wb ? 0 : wb > wa ? 1 : -1;
    });
  }
}
