#!/usr/bin/env node
/**
 * Writes test/support/test-durations.json from Vitest's record of the runs on this machine (the
 * order test/support/sequencer.ts gives a fresh clone, which has no record of its own). Run after
 * `npx vitest run`, and commit the file when the suite's files or their weights have changed. A file
 * the record lacks keeps its committed figure; a file that no longer exists is dropped.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const dir = 'node_modules/.vite/vitest';
const out = 'test/support/test-durations.json';
// One folder per configuration; the newest record is the last run's.
const newest = existsSync(dir)
  ? readdirSync(dir)
      .map((hash) => `${dir}/${hash}/results.json`)
      .filter((file) => existsSync(file))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
  : undefined;
if (!newest) throw new Error(`No Vitest record under ${dir}: run \`npx vitest run\` first.`);
const record = JSON.parse(readFileSync(newest, 'utf8'));
const durations = {
  ...JSON.parse(readFileSync(out, 'utf8')),
  ...Object.fromEntries(record.results.filter(([, result]) => !result.failed).map(([key, result]) => [key, Math.round(result.duration)])),
};
// Keys are "<project>:<path>".
const kept = Object.entries(durations)
  .filter(([key]) => existsSync(key.slice(key.indexOf(':') + 1)))
  .sort(([a], [b]) => (a < b ? -1 : 1));
writeFileSync(out, `${JSON.stringify(Object.fromEntries(kept), null, 1)}\n`);
console.log(`${out}: ${kept.length} files`);
