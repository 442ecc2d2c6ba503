#!/usr/bin/env node
/**
 * Writes test/support/test-durations.json from Vitest's record of the last run (the order
 * test/support/sequencer.ts gives a fresh clone, which has no record of its own). Run after
 * `npx vitest run`, and commit the file when the suite's files or their weights have changed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const dir = 'node_modules/.vite/vitest';
// One folder per configuration; the newest record is the last run's.
const newest = readdirSync(dir)
  .map((hash) => `${dir}/${hash}/results.json`)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const record = newest && JSON.parse(readFileSync(newest, 'utf8'));
if (!record) throw new Error(`No Vitest record under ${dir}: run \`npx vitest run\` first.`);
const durations = Object.fromEntries(
  record.results
    .filter(([, result]) => !result.failed)
    .map(([key, result]) => [key, Math.round(result.duration)])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync('test/support/test-durations.json', `${JSON.stringify(durations, null, 1)}\n`);
console.log(`test/support/test-durations.json: ${Object.keys(durations).length} files`);
