/** Building what the bench measures: the app's dist/ and the floor page (bench/floor). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app's root (the repository's): bench/ is a package inside it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The environment without what npm set for the bench's own package (npm_config_prefix=bench/ and
 * the like, when run by `npm --prefix bench run bench`): the app's `npm run build` is the app's.
 */
const appEnv = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/** Runs a command in the app's root with its output on stderr: stdout is the report's. */
function runQuietly(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: appEnv(), stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}`))));
  });
}

/** `npm run build` in the app: dist/. */
export const buildApp = () => runQuietly(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);

/** A page of the bench built by the app's Vite from its own config (bench/<dir>/vite.config.ts), into `outDir`. */
const buildBenchPage = (dir: string, outDir: string) =>
  runQuietly(path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite'), [
    'build',
    '--config',
    path.join(ROOT, 'bench', dir, 'vite.config.ts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
  ]);

/** The floor page (bench/floor): the app's libraries and a static list, built like the app, by the app's Vite. */
export const buildFloor = (outDir: string) => buildBenchPage('floor', outDir);

/** The floor page that must ask the API (bench/floor-api): config.json, then one authorized GET of a known post. */
export const buildApiFloor = (outDir: string) => buildBenchPage('floor-api', outDir);
