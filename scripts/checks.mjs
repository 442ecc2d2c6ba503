#!/usr/bin/env node
/**
 * `npm test`'s first stage: the type check, the lint and both builds side by side (they share no
 * output), each one's output printed whole when it ends, with its time. Exits 1 when any failed,
 * after all have ended. eslint keeps one core busy, the type check (TypeScript 7's native compiler) and
 * the builds come and go: side by side they take about the time of the slowest instead of the sum (issue 37).
 *
 *   node scripts/checks.mjs            typecheck, lint, build:all, build:floor (what `npm run size` compares)
 *   node scripts/checks.mjs lint       only the named npm scripts
 */
import { spawn } from 'node:child_process';

const DEFAULT = ['typecheck', 'lint', 'build:all', 'build:floor'];
const names = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
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

const results = await Promise.all(names.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
