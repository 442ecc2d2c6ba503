#!/usr/bin/env node
/**
 * `npm test`'s first stage: the type check, the lint, both builds and the floor side by side (they
 * share no output), then, as soon as the builds are there, the size budget and Vitest, beside what
 * is still running. Each one's output is printed whole when it ends, with its time. Exits 1 when any
 * failed, after all have ended; what needs a failed one does not start.
 *
 * Why side by side: the machine is 2 cores and every part leaves some of them idle on its own. ESLint
 * keeps one core busy; the type check (TypeScript 7's native compiler) and the builds come and go;
 * Vitest, started alone, left about a sixth of both cores idle (its workers' starts and its slowest
 * files' tails). Vitest waits for the builds only because test/build/production-build.test.ts reads
 * dist/ and dist-preview/ (issue 37).
 *
 *   node scripts/checks.mjs            typecheck, lint, build:all, build:floor, then size and test:unit
 *   node scripts/checks.mjs lint       only the named npm scripts (each still after those it needs, when named)
 */
import { spawn } from 'node:child_process';

/** Each npm script of the stage, and the scripts of the stage it must wait for. */
const STAGE = {
  typecheck: [],
  lint: [],
  'build:all': [],
  'build:floor': [],
  size: ['build:all', 'build:floor'],
  'test:unit': ['build:all'],
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(STAGE);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(Buffer.concat(output));
      console.log(`${ok ? 'ok' : 'FAILED'}: npm run ${name} (${seconds} s${ok ? '' : `, ${signal ?? `exit ${code}`}`})`);
      resolve(ok);
    });
  });
}

/** Each named script's run, started once: after those it needs (among the named) have passed. */
const runs = new Map();
function runAfterNeeds(name) {
  if (!runs.has(name)) {
    const needs = (STAGE[name] ?? []).filter((need) => names.includes(need));
    runs.set(
      name,
      Promise.all(needs.map(runAfterNeeds)).then((passed) => {
        const failed = needs.filter((_, index) => !passed[index]);
        if (!failed.length) return run(name);
        console.log(`not run: npm run ${name} (${failed.join(', ')} failed)`);
        return false;
      }),
    );
  }
  return runs.get(name);
}

const results = await Promise.all(names.map(runAfterNeeds));
process.exitCode = results.every(Boolean) ? 0 : 1;
