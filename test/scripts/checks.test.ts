// @vitest-environment node
// scripts/checks.mjs, npm test's first stage, run on a throwaway package whose scripts stand in for
// the real ones: what waits for the builds starts only after them, and not at all when one failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CHECKS = resolve('scripts/checks.mjs');

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/**
 * The stand-in scripts' helper: `node step.cjs <name> [<step to wait for>]` appends "<name> start" to
 * steps.log, waits (up to 30 s, else fails) until the log holds the awaited step, then appends
 * "<name> end". The log is the order things happened in, whatever the machine's speed.
 */
const STEP = `const fs = require('fs');
const [name, awaited] = process.argv.slice(2);
fs.appendFileSync('steps.log', name + ' start\\n');
const deadline = Date.now() + 30000;
(function wait() {
  if (!awaited || fs.readFileSync('steps.log', 'utf8').split('\\n').includes(awaited)) return fs.appendFileSync('steps.log', name + ' end\\n');
  if (Date.now() > deadline) process.exit(9);
  setTimeout(wait, 20);
})();
`;

/** A package whose npm scripts are `scripts`, and checks.mjs run in it with `names`: its exit code, output and steps. */
function runChecks(scripts: Record<string, string>, names: string[] = []) {
  const root = mkdtempSync(join(tmpdir(), 'checks-'));
  dir = root;
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'checks-probe', private: true, scripts }));
  writeFileSync(join(root, 'step.cjs'), STEP);
  writeFileSync(join(root, 'steps.log'), '');
  const run = spawnSync(process.execPath, [CHECKS, ...names], { cwd: root, encoding: 'utf8', timeout: 50_000 });
  const steps = readFileSync(join(root, 'steps.log'), 'utf8').split('\n').filter(Boolean);
  return { code: run.status, output: run.stdout + run.stderr, steps };
}

const step = (name: string, awaited?: string) => `node step.cjs ${name}${awaited ? ` "${awaited}"` : ''}`;

describe('npm test\u2019s first stage (scripts/checks.mjs)', () => {
  it('starts the size check after both builds and Vitest after build:all, beside the lint still running', () => {
    const { code, output, steps } = runChecks({
      typecheck: step('typecheck'),
      // Ends only once Vitest has started: were Vitest to wait for the lint, the lint would fail.
      lint: step('lint', 'test:unit start'),
      'build:all': step('build:all'),
      'build:floor': step('build:floor'),
      size: step('size'),
      'test:unit': step('test:unit'),
    });
    expect(code, output).toBe(0);
    const at = (entry: string) => steps.indexOf(entry);
    expect(at('size start')).toBeGreaterThan(at('build:all end'));
    expect(at('size start')).toBeGreaterThan(at('build:floor end'));
    expect(at('test:unit start')).toBeGreaterThan(at('build:all end'));
    expect(at('lint end')).toBeGreaterThan(at('test:unit start'));
    for (const name of ['typecheck', 'lint', 'build:all', 'build:floor', 'size', 'test:unit']) expect(output).toMatch(new RegExp(`^ok: npm run ${name} \\(`, 'm'));
  }, 60_000);

  it('does not start what needs a failed build, says so, runs the rest, and exits 1', () => {
    const { code, output } = runChecks({
      typecheck: 'node -e ""',
      lint: 'node -e ""',
      'build:all': 'node -e "process.exit(3)"',
      'build:floor': 'node -e ""',
      size: 'node -e ""',
      'test:unit': 'node -e ""',
    });
    expect(output).toMatch(/^FAILED: npm run build:all \(.*exit 3\)$/m);
    expect(output).toMatch(/^not run: npm run size \(build:all failed\)$/m);
    expect(output).toMatch(/^not run: npm run test:unit \(build:all failed\)$/m);
    expect(output).toMatch(/^ok: npm run lint \(/m);
    expect(output).toMatch(/^ok: npm run build:floor \(/m);
    expect(code).toBe(1);
  });

  it('runs only the scripts named, a need left unnamed not waited for', () => {
    const { code, output } = runChecks({ lint: 'node -e ""', 'build:all': 'node -e "process.exit(1)"', 'test:unit': 'node -e ""' }, ['test:unit', 'lint']);
    expect(output).not.toMatch(/build:all/);
    expect(output).toMatch(/^ok: npm run test:unit \(/m);
    expect(code).toBe(0);
  });
});
